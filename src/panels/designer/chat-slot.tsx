/** The Chat tab's place: the assistant's panel mounts here; until then a placeholder says so. */
import type { ReactNode } from 'react';

export function ChatSlot({ children }: { children?: ReactNode }) {
  if (children) return <>{children}</>;
  return (
    <div className="chat-slot" data-testid="chat-placeholder">
      <p className="chat-slot__title">Assistant</p>
      <p className="chat-slot__text">
        Ask the assistant to lay out the plate in plain words. It is not available in this build
        yet.
      </p>
    </div>
  );
}
