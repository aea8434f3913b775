/**
 * The picture password's nine pictures (code.org's idea, for children who cannot yet read or type
 * well): a child taps three of them in order. Each has a one-word label, shown under the picture
 * and read by screen readers; the emoji itself is decoration.
 */
export const PICTURES = [
  { id: "cat", label: "Cat", emoji: "🐱" },
  { id: "dog", label: "Dog", emoji: "🐶" },
  { id: "fish", label: "Fish", emoji: "🐟" },
  { id: "sun", label: "Sun", emoji: "☀️" },
  { id: "moon", label: "Moon", emoji: "🌙" },
  { id: "star", label: "Star", emoji: "⭐" },
  { id: "tree", label: "Tree", emoji: "🌳" },
  { id: "apple", label: "Apple", emoji: "🍎" },
  { id: "car", label: "Car", emoji: "🚗" },
] as const;

export type PictureId = (typeof PICTURES)[number]["id"];
export const PICTURE_IDS = PICTURES.map((picture) => picture.id) as [PictureId, ...PictureId[]];
export const PICTURES_IN_PASSWORD = 3;

export const pictureLabel = (id: string): string => PICTURES.find((picture) => picture.id === id)?.label ?? id;
