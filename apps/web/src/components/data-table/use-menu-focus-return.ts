import { useEffect, useRef } from 'react';

/**
 * Gives the focus back to a row's menu button when the dialog it opened closes. The screens'
 * dialogs are controlled (no Radix trigger of their own) and unmount on close, so Radix had
 * nowhere to return the focus and keyboard users were sent back to the top of the page.
 * `dialogOpen`: whether a dialog for this row is open now.
 */
export function useMenuFocusReturn(dialogOpen: boolean) {
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (dialogOpen) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    // After Radix's own focus handling on unmount, which runs on the next task.
    const timer = setTimeout(() => trigger.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [dialogOpen]);
  return trigger;
}
