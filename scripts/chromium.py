"""Debian's Chromium as the tests, the benchmarks and the Lighthouse script start it: as root
on a machine without the internet, so no sandbox, no GPU and no calls home."""

PATH = "/usr/bin/chromium"
# The same Chromium release built for automation, without the browser's own windows: what the
# tests drive. The whole browser gives every context a window, and every change of a page's URL
# (the play page writes each move into it) redraws that window's address bar: work in the
# browser's process that no page sees, and a large part of a test's CPU on two cores.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"

# The whole browser, headless, opens a window for each context, and each window preloads its
# omnibox's suggestion popups (web pages of the browser's own): work on both cores for every
# fresh context, for a popup nobody opens. Chromium reads only the last --disable-features, and
# Playwright passes its own list before ours: ours repeats the part of it that applies on Linux.
DISABLED_FEATURES = [
    "WebUIOmniboxPopup",
    "WebUIOmniboxAimPopup",
    "WebUIOmniboxFullPopup",
    # Playwright's (chromiumSwitches.ts):
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

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join(DISABLED_FEATURES),
]
