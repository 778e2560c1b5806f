/** The one place a form says something: problems as alerts, good news as a polite status. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-message form-message--error">
      {message}
    </p>
  );
}

export function FormNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="form-message form-message--notice">
      {message}
    </p>
  );
}
