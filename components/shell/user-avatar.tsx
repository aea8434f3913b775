/** The user's photo, or their initial on a coloured disc. */
export function UserAvatar({ name, photoURL }: { name: string; photoURL: string | null }) {
  if (photoURL) {
    // eslint-disable-next-line @next/next/no-img-element -- an outside avatar URL; next/image would need its host configured
    return <img src={photoURL} alt="" className="size-8 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
