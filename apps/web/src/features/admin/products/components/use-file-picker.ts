import { useRef, useState, type ChangeEvent } from 'react';

/**
 * The file a product dialog sends (DLL, loader, leaked copy): the one picked, whether it is over
 * `maxBytes`, the upload's progress (0–1), and `clear()` to empty the input after a send.
 * `onPick` runs on each new pick (to forget the previous send's outcome).
 */
export function useFilePicker(maxBytes: number, onPick: () => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  return {
    file,
    tooLarge: file !== null && file.size > maxBytes,
    progress,
    setProgress,
    /** Spread on the `<Input>`. */
    inputProps: {
      ref: inputRef,
      type: 'file',
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setFile(event.target.files?.[0] ?? null);
        setProgress(0);
        onPick();
      },
    },
    clear: () => {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    },
  };
}
