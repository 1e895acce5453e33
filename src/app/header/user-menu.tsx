/** The header's account button: who is signed in, any auth error, and "Sign out". */
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { displayName, initials } from '../auth/user-names';
import { Spinner } from '../../panels/ui/spinner';
import { usePopover } from '../../panels/ui/use-popover';

export function UserMenu() {
  const { user, error, signOut } = useAuth();
  const navigate = useNavigate();
  const { open, setOpen, triggerRef, panelRef } = usePopover();
  const [signingOut, setSigningOut] = useState(false);
  const panelId = useId();
  const name = displayName(user);
  const email = user?.email && user.email !== name ? user.email : null;

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open, panelRef]);

  const onSignOut = async () => {
    setSigningOut(true);
    const ok = await signOut();
    setSigningOut(false);
    if (ok) void navigate('/login', { replace: true });
  };

  return (
    <div className="menu user-menu">
      <button
        ref={triggerRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Account: ${name}`}
        onClick={() => setOpen(!open)}
      >
        <span className="avatar" aria-hidden="true">
          {initials(user)}
        </span>
        <span className="user-menu__name">{name}</span>
        <span className="caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="menu__panel menu__panel--end user-menu__panel"
          role="group"
          aria-label="Account"
        >
          <div className="user-menu__identity">
            <span className="user-menu__caption">Signed in</span>
            <span className="user-menu__display">{name}</span>
            {email && <span className="user-menu__email">{email}</span>}
          </div>
          {error && (
            <p className="user-menu__error" role="alert">
              {error}
            </p>
          )}
          <button
            type="button"
            className="menu__item"
            onClick={() => void onSignOut()}
            disabled={signingOut}
            aria-busy={signingOut || undefined}
          >
            {signingOut ? (
              <>
                <Spinner /> Signing out…
              </>
            ) : (
              'Sign out'
            )}
          </button>
        </div>
      )}
    </div>
  );
}
