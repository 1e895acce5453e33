/** The developer-mode switch of /login: on asks for the secret, off ends developer mode. */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useAuth } from '../auth/auth-context';
import { Spinner } from '../../panels/ui/spinner';

export function DeveloperModePanel({ onError }: { onError(message: string | null): void }) {
  const { devMode, enableDevMode, disableDevMode } = useAuth();
  const [formOpen, setFormOpen] = useState(false);
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const secretRef = useRef<HTMLInputElement | null>(null);
  const labelId = useId();
  const secretId = useId();
  const hintId = useId();
  const on = devMode || formOpen;

  useEffect(() => {
    if (formOpen) secretRef.current?.focus();
  }, [formOpen]);

  const toggle = async () => {
    onError(null);
    if (!on) {
      setFormOpen(true);
      return;
    }
    setFormOpen(false);
    setSecret('');
    if (!devMode) return;
    setBusy(true);
    try {
      await disableDevMode();
    } catch (error) {
      onError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const unlock = async (event: FormEvent) => {
    event.preventDefault();
    if (!secret || busy) return;
    onError(null);
    setBusy(true);
    try {
      await enableDevMode(secret);
      setFormOpen(false);
      setSecret('');
    } catch (error) {
      onError((error as Error).message);
      secretRef.current?.focus();
      secretRef.current?.select();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="dev-mode" aria-label="Developer mode">
      <div className="dev-mode__row">
        <span id={labelId} className="dev-mode__label">
          Developer mode
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          className="switch"
          disabled={busy}
          onClick={() => void toggle()}
        >
          <span className="switch__thumb" />
        </button>
      </div>
      {on && (
        <p className="dev-mode__note">Authentication is bypassed while developer mode is on.</p>
      )}
      {formOpen && !devMode && (
        <form className="dev-mode__form" onSubmit={(event) => void unlock(event)}>
          <label htmlFor={secretId} className="field__label">
            Developer secret
          </label>
          <div className="dev-mode__inputs">
            <input
              ref={secretRef}
              id={secretId}
              type="password"
              className="input"
              autoComplete="off"
              value={secret}
              aria-describedby={hintId}
              onChange={(event) => setSecret(event.target.value)}
              // readOnly, not disabled: a disabled field would drop the keyboard focus.
              readOnly={busy}
            />
            <button type="submit" className="btn btn--primary" disabled={busy || !secret}>
              {busy ? (
                <>
                  <Spinner /> Verifying...
                </>
              ) : (
                'Unlock'
              )}
            </button>
          </div>
          <p id={hintId} className="hint">
            The server prints the developer secret when it starts (or uses DEV_MODE_SECRET).
          </p>
        </form>
      )}
    </section>
  );
}
