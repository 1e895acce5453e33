// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu, MenuItem } from '../../../../src/panels/ui/menu';

afterEach(cleanup);

function renderMenu(onDelete = vi.fn()) {
  render(
    <Menu label="Actions for Plate 1" button="…">
      {(close) => (
        <>
          <MenuItem disabled>Rename</MenuItem>
          <MenuItem
            onSelect={() => {
              close();
              onDelete();
            }}
          >
            Delete
          </MenuItem>
        </>
      )}
    </Menu>,
  );
  return screen.getByRole('button', { name: 'Actions for Plate 1' });
}

describe('Menu', () => {
  it('opens on the first item and moves with the arrow keys, wrapping', () => {
    const button = renderMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const [rename, del] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(rename);
    fireEvent.keyDown(rename, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(del);
    fireEvent.keyDown(del, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rename);
    fireEvent.keyDown(rename, { key: 'End' });
    expect(document.activeElement).toBe(del);
  });

  it('Escape closes and returns focus to the button', () => {
    const button = renderMenu();
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a disabled item does nothing; an enabled one acts and closes', () => {
    const onDelete = vi.fn();
    const button = renderMenu(onDelete);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
