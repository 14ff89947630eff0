import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import { KEY_LENGTH, normalizeKey, emptyKey } from '../lib/key';
import { texts as t } from '../texts';

/**
 * 18 one-character boxes: typing advances, backspace on an empty box goes back, arrows move, and
 * a paste fills the boxes from the first one.
 */
export function KeyBoxes({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(KEY_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const fillFrom = (start: number, text: string) => {
    const chars = normalizeKey(text).slice(0, KEY_LENGTH - start);
    const next = [...value];
    chars.split('').forEach((char, offset) => (next[start + offset] = char));
    onChange(next);
    return start + chars.length;
  };

  const onInput = (index: number, raw: string) => {
    const chars = normalizeKey(raw);
    if (chars.length === 0) {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    // A box holding a character gets the new one typed after it; keep only that one.
    const typed = chars.length === 2 && value[index] ? chars.slice(1) : chars;
    const end = fillFrom(index, typed);
    focus(end);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        if (!value[index] && index > 0) {
          event.preventDefault();
          focus(index - 1);
        }
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focus(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focus(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(KEY_LENGTH - 1);
        break;
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const chars = normalizeKey(event.clipboardData.getData('text'));
    if (!chars) return;
    const next = emptyKey();
    chars.split('').forEach((char, i) => (next[i] = char));
    onChange(next);
    focus(chars.length);
  };

  return (
    <div
      role="group"
      aria-label={t.keyGroup}
      className="grid grid-cols-6 gap-1.5 sm:gap-2 md:grid-cols-9 xl:grid-cols-18"
    >
      {value.map((char, index) => (
        <input
          // The boxes are positions, not list items: the index is their identity.
          key={index}
          ref={(node) => {
            refs.current[index] = node;
          }}
          value={char}
          disabled={disabled}
          aria-label={t.box(index + 1, KEY_LENGTH)}
          inputMode="text"
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          className={cn(
            'border-input bg-background dark:bg-input/30 h-12 w-full min-w-0 rounded-md border text-center font-mono text-lg font-semibold uppercase shadow-xs transition-[color,box-shadow] outline-none',
            'focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] disabled:opacity-50',
            char && 'border-primary/60',
          )}
        />
      ))}
    </div>
  );
}
