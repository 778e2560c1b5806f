import { useId } from 'react';

/** The optional message of the version a merge, a review or a repair makes. */
export function VersionMessageField({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <label className="form__field" htmlFor={id}>
      <span>Version message (optional)</span>
      <input
        id={id}
        name="message"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
