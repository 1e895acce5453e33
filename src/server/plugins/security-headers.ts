// Security headers (helmet) with a Content-Security-Policy that fits the built client:
// scripts and styles from this origin, module workers from blob: (pixi and comlink),
// data:/blob: images (canvas exports, textures), and the Supabase project for sign-in calls.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The CSP directives for this configuration (pure, so it can be tested). */
export function cspDirectives(
  config: Pick<Config, 'supabaseUrl'>,
): Record<string, string[] | null> {
  const supabase = config.supabaseUrl ? [config.supabaseUrl] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Libraries insert <style> elements at run time (pixi's accessibility layer, dialogs);
    // without 'unsafe-inline' those would be dropped. Scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...supabase],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The server often runs on plain http (localhost, a lab machine): upgrading requests
    // to https there would break every asset.
    upgradeInsecureRequests: null,
  };
}

/** Registers helmet with the product's CSP. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'supabaseUrl'>,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // HSTS only makes sense once the deployment is https-only; leave it to the proxy.
    strictTransportSecurity: false,
  });
}
