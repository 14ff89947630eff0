import { useCallback, useRef, type Ref } from 'react';

/** The controls a dialog opens on, in document order; the first one found gets the focus. */
const FIELD_SELECTOR = [
  '[data-autofocus]',
  'input:not([type="hidden"]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'button[role="combobox"]:not([disabled])',
  '[role="radio"][tabindex="0"]',
].join(', ');

const TABBABLE_SELECTOR =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

/** Where each open dialog sends the focus back, so a dialog opened from inside it can fall back. */
const returnTargetsByDialog = new WeakMap<Element, HTMLElement[]>();

/**
 * The elements that had the focus lately, newest last: when a dialog appears, its opener may
 * already have lost the focus (a submit button disabled while its call runs, a menu item
 * removed with its menu, an `autoFocus` field of the dialog itself).
 */
const recentFocus: HTMLElement[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof HTMLElement)) return;
      recentFocus.push(event.target);
      if (recentFocus.length > 10) recentFocus.shift();
    },
    true,
  );
}

function tryFocus(element: HTMLElement): boolean {
  if (!element.isConnected) return false;
  element.focus();
  if (document.activeElement !== element) return false;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    element.select();
  }
  return true;
}

/** Focuses the first field of `container` (or its first control when it has no field). */
function focusFirstControl(container: HTMLElement, fieldsOnly: boolean): boolean {
  const selectors = fieldsOnly ? [FIELD_SELECTOR] : [FIELD_SELECTOR, TABBABLE_SELECTOR];
  for (const selector of selectors) {
    for (const element of container.querySelectorAll<HTMLElement>(selector)) {
      if (tryFocus(element)) return true;
    }
  }
  return false;
}

/**
 * Focuses `opener` again; a submit button disabled meanwhile (its form was cleared by the
 * result the dialog showed) hands over to its form's first field.
 */
function returnFocusTo(opener: HTMLElement): boolean {
  if (tryFocus(opener)) return true;
  const form = opener.isConnected ? opener.closest('form') : null;
  return form !== null && focusFirstControl(form, true);
}

/**
 * Who opened the dialog `content`, and where to go if that element is gone when it closes: the
 * element focused last outside it; an item of a dropdown menu stands for the menu's button
 * (Radix labels the menu by it), and an opener inside another dialog falls back to that
 * dialog's own opener.
 */
function returnTargetsFor(content: HTMLElement): HTMLElement[] {
  const outside = (element: Element | null): element is HTMLElement =>
    element instanceof HTMLElement && element !== document.body && !content.contains(element);
  let opener = outside(document.activeElement)
    ? document.activeElement
    : recentFocus.findLast(outside);
  if (!opener) return [];
  const menu = opener.closest('[role="menu"]');
  const menuButtonId = menu?.getAttribute('aria-labelledby');
  const menuButton = menuButtonId ? document.getElementById(menuButtonId) : null;
  if (menuButton) opener = menuButton;
  const parentDialog = opener.closest(DIALOG_SELECTOR);
  const fallbacks = parentDialog ? (returnTargetsByDialog.get(parentDialog) ?? []) : [];
  return [opener, ...fallbacks];
}

/**
 * When the focused control of an open dialog disappears (a sub-view replaced the one that held
 * it), the focus would fall on the dialog box itself or the page: move it to the first field of
 * what the dialog shows now.
 */
function watchForLostFocus(content: HTMLElement): MutationObserver {
  const observer = new MutationObserver((mutations) => {
    const active = document.activeElement;
    if (active !== document.body && active !== content) return;
    if (!mutations.some((mutation) => mutation.removedNodes.length > 0)) return;
    focusFirstControl(content, false);
  });
  observer.observe(content, { childList: true, subtree: true });
  return observer;
}

interface DialogFocusOptions {
  ref?: Ref<HTMLDivElement> | undefined;
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
  /**
   * Alert dialogs without a field keep Radix's choice (Cancel); other dialogs without a field
   * start on their first control.
   */
  fieldsOnly?: boolean;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * Props for a Radix dialog content, the one focus mechanism every dialog uses: it opens on its
 * first field, keeps the focus inside when its view changes, and gives the focus back to the
 * element that opened it however it was opened (a trigger, a button setting state, a dropdown
 * menu item, another dialog). Radix alone returns the focus only to a Dialog.Trigger.
 */
export function useDialogFocus({
  ref,
  onOpenAutoFocus,
  onCloseAutoFocus,
  fieldsOnly = false,
}: DialogFocusOptions) {
  const returnTargets = useRef<HTMLElement[]>([]);

  // Runs when the content element appears, before Radix moves the focus into it.
  const contentRef = useCallback(
    (content: HTMLDivElement | null) => {
      assignRef(ref, content);
      if (!content) return;
      returnTargets.current = returnTargetsFor(content);
      returnTargetsByDialog.set(content, returnTargets.current);
      const observer = watchForLostFocus(content);
      return () => {
        observer.disconnect();
        assignRef(ref, null);
      };
    },
    [ref],
  );

  return {
    ref: contentRef,
    onOpenAutoFocus: (event: Event) => {
      onOpenAutoFocus?.(event);
      if (event.defaultPrevented || !(event.currentTarget instanceof HTMLElement)) return;
      if (focusFirstControl(event.currentTarget, fieldsOnly)) event.preventDefault();
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      if (returnTargets.current.some(returnFocusTo)) event.preventDefault();
    },
  };
}
