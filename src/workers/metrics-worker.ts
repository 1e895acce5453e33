// Module worker entry: exposes the metrics kernel through comlink. The formulas live in
// src/domain; nothing here computes anything.
import * as Comlink from 'comlink';
import { metricsApi } from './metrics-api';

Comlink.expose(metricsApi);
