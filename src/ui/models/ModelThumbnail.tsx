/** A model's saved thumbnail, or its initial on a plain tile when it has none yet. */
export function ModelThumbnail({ name, image }: { name: string; image: string | null | undefined }) {
  if (image) return <img className="model-thumbnail" src={image} alt="" loading="lazy" />;
  return (
    <span className="model-thumbnail model-thumbnail--empty" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
