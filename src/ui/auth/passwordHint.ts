/**
 * The password rule of spec section 5, said before the user types, in other words than the error message so a
 * hint and an error are never confused on screen.
 */
export const passwordHint =
  'At least 8 characters, with an uppercase letter, a lowercase letter and a digit.';
