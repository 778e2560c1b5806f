import { useId } from 'react';

/** The optional message of the version a merge, a review or a repair makes. */
export function VersionMessageField({
  value,
  disabled,
  hint,
  onChange,
}: {
  value: string;
  disabled?: boolean;
  /** What an empty message becomes, said under the field. */
  hint?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <>
      <label className="form__field" htmlFor={id}>
        <span>Version message (optional)</span>
        <input
          id={id}
          name="message"
          value={value}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      {hint && (
        <p id={hintId} className="form__hint">
          {hint}
        </p>
      )}
    </>
  );
}
