// Method, path and payload of each typed call, against a fake fetch (a test double of the
// network layer only; see fake-fetch.ts).
import { describe, expect, it } from 'vitest';
import { getClientConfig } from '../../../src/api/client-config';
import { devLogin, devLogout, getDevStatus } from '../../../src/api/dev-mode';
import { getExperimentText, uploadExperimentFile } from '../../../src/api/experiment-text';
import {
  createExperiment,
  deleteExperiment,
  getExperiment,
  listExperiments,
  setExperimentVehicle,
} from '../../../src/api/experiments';
import { fakeFetchPerTest } from './fake-fetch';

const net = fakeFetchPerTest();

const last = () => net.calls[net.calls.length - 1];

describe('experiment calls', () => {
  it('list, create, get, update, delete and set vehicle', async () => {
    net.respond(200, []);
    await listExperiments();
    expect(last()).toMatchObject({ method: 'GET', url: '/api/experiments/' });

    net.respond(201, { id: 7 });
    await expect(createExperiment({ name: 'Sweep', plate_type: '1536' })).resolves.toEqual({
      id: 7,
    });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/experiments/' });
    expect(JSON.parse(String(last().body))).toEqual({ name: 'Sweep', plate_type: '1536' });

    net.respond(200, { id: 7 });
    await getExperiment(7);
    expect(last()).toMatchObject({ method: 'GET', url: '/api/experiments/7' });

    net.respond(204);
    await expect(deleteExperiment(7)).resolves.toBeUndefined();
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/experiments/7' });

    net.respond(200, { id: 7, vehicle_slug: 'dmso' });
    await setExperimentVehicle(7, 'dmso');
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/experiments/7/vehicle' });
    expect(JSON.parse(String(last().body))).toEqual({ vehicle_slug: 'dmso' });
  });

  it('uploads a file as multipart field "file" and reads the text back', async () => {
    net.respond(200, { ok: true });
    await uploadExperimentFile(3, new Blob(['plate notes'], { type: 'text/plain' }), 'n.txt');
    expect(last()).toMatchObject({ method: 'POST', url: '/api/experiments/3/upload' });
    const form = last().body as FormData;
    const file = form.get('file') as File;
    expect(file.name).toBe('n.txt');
    expect(await file.text()).toBe('plate notes');

    net.respond(200, { text: 'plate notes' });
    await expect(getExperimentText(3)).resolves.toEqual({ text: 'plate notes' });
    expect(last()).toMatchObject({ method: 'GET', url: '/api/experiments/3/text' });
  });
});

describe('developer mode and client config', () => {
  it('status, login, logout and client-config', async () => {
    net.respond(200, { enabled: true, dev: false });
    await expect(getDevStatus()).resolves.toEqual({ enabled: true, dev: false });
    expect(last()).toMatchObject({ method: 'GET', url: '/api/dev/status', credentials: 'include' });

    net.respond(200, { enabled: true, dev: true, user: { id: 'developer' } });
    await devLogin('s3cret');
    expect(last()).toMatchObject({ method: 'POST', url: '/api/dev/login' });
    expect(JSON.parse(String(last().body))).toEqual({ secret: 's3cret' });

    net.respond(204);
    await devLogout();
    expect(last()).toMatchObject({ method: 'POST', url: '/api/dev/logout' });

    net.respond(200, { supabase_url: null, supabase_anon_key: null });
    await expect(getClientConfig()).resolves.toEqual({
      supabase_url: null,
      supabase_anon_key: null,
    });
  });

  it('a wrong developer secret is an error with the server detail, not a session redirect', async () => {
    net.respond(401, { detail: 'Invalid secret key' }, 'Unauthorized');
    await expect(devLogin('nope')).rejects.toMatchObject({
      status: 401,
      detail: 'Invalid secret key',
    });
  });
});
