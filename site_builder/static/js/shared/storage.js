// localStorage for preferences: a browser that refuses storage (private mode, full) loses
// only the preference, never the page.

export function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function keep(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: only a preference is lost
  }
}
