import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import {
  caretAt,
  deleteFromKey,
  KEY_LENGTH,
  normalizeKey,
  typeIntoKey,
  type KeyEdit,
} from '../lib/key';
import { texts as t } from '../texts';

/**
 * 18 one-character boxes editing one key without gaps: typing fills the box at the caret (the
 * first empty one, or a filled one to overwrite it), symbols are ignored, one Backspace deletes
 * one character, arrows move, and a paste fills the boxes from the first one. Only the caret's
 * box is in the Tab order, so Tab leaves the key for the button.
 */
export function KeyBoxes({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (next: string) => void;
  disabled?: boolean;
}) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const [caret, setCaret] = useState(0);
  const current = caretAt(value, caret);

  const focusBox = (index: number) => {
    const box = refs.current[caretAt(value, index)];
    box?.focus();
    box?.select();
  };

  const apply = (edit: KeyEdit) => {
    if (edit.key !== value) onChange(edit.key);
    setCaret(edit.caret);
    refs.current[edit.caret]?.focus();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const move = (to: number) => {
      event.preventDefault();
      focusBox(to);
    };
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        apply(deleteFromKey(value, index));
        return;
      case 'ArrowLeft':
        return move(index - 1);
      case 'ArrowRight':
        return move(index + 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(KEY_LENGTH - 1);
    }
    // A printable character: handled here so the box never shows anything but the key.
    if (event.key.length === 1) {
      event.preventDefault();
      apply(typeIntoKey(value, index, event.key));
    }
  };

  /** Input that skipped keydown (phone keyboards, IME, autofill). */
  const onInput = (index: number, raw: string) => {
    const held = value[index] ?? '';
    const text = normalizeKey(raw);
    if (raw === '') return apply(deleteFromKey(value, index));
    // A filled box gets the new character beside the one it holds.
    const typed = held && text.length > 1 && text.startsWith(held) ? text.slice(1) : text;
    apply(typeIntoKey(value, index, typed));
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const chars = normalizeKey(event.clipboardData.getData('text'));
    if (!chars) return;
    onChange(chars);
    setCaret(caretAt(chars, chars.length));
    refs.current[caretAt(chars, chars.length)]?.focus();
  };

  return (
    <div
      role="group"
      aria-label={t.keyGroup}
      className="grid grid-cols-6 gap-1.5 sm:gap-2 md:grid-cols-9 xl:grid-cols-18"
    >
      {Array.from({ length: KEY_LENGTH }, (_, index) => {
        const char = value[index] ?? '';
        return (
          <input
            // The boxes are positions, not list items: the index is their identity.
            key={index}
            ref={(node) => {
              refs.current[index] = node;
            }}
            value={char}
            disabled={disabled}
            tabIndex={index === current ? 0 : -1}
            aria-label={t.box(index + 1, KEY_LENGTH)}
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onMouseDown={(event) => {
              // An empty box past the first empty one would leave a gap: go to the first.
              if (index <= value.length) return;
              event.preventDefault();
              focusBox(index);
            }}
            onFocus={(event) => {
              setCaret(index);
              event.target.select();
            }}
            className={cn(
              'border-input bg-background dark:bg-input/30 h-12 w-full min-w-0 rounded-md border text-center font-mono text-lg font-semibold uppercase shadow-xs transition-[color,box-shadow] outline-none',
              'focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] disabled:opacity-50',
              char && 'border-primary/60',
            )}
          />
        );
      })}
    </div>
  );
}
