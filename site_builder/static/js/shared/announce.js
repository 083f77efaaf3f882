// The page's one live region: what a screen reader hears.

export function announcer(region) {
  return (words) => {
    // The same words twice are still read out: the region is emptied first.
    region.textContent = "";
    requestAnimationFrame(() => { region.textContent = words; });
  };
}
