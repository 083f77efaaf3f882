"""Debian's Chromium as the tests and the benchmarks start it: as root on a machine without
the internet, so no sandbox, no GPU and no calls home."""

PATH = "/usr/bin/chromium"
# The same Chromium release built for automation, without the browser's own windows: what the
# tests drive. The whole browser gives every context a window, and every change of a page's URL
# (the play page writes each move into it) redraws that window's address bar: work in the
# browser's process that no page sees, and a large part of a test's CPU on two cores.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# For the whole browser (PATH), headless: each context's window preloads its omnibox's
# suggestion popups (web pages of the browser's own), work on both cores for a popup nobody
# opens; the headless shell has no omnibox. Chromium reads only the last --disable-features,
# and Playwright passes its own list before ours: ours repeats the part of it for Linux.
BROWSER_FEATURES_OFF = [
    "WebUIOmniboxPopup",
    "WebUIOmniboxAimPopup",
    "WebUIOmniboxFullPopup",
    # Playwright's own (chromiumSwitches.ts):
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
]
BROWSER_ARGS = [*ARGS, "--disable-features=" + ",".join(BROWSER_FEATURES_OFF)]
