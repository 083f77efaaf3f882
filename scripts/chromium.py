"""Debian's Chromium as the tests, the benchmarks and the Lighthouse script start it: as root
on a machine without the internet, so no sandbox, no GPU and no calls home."""

PATH = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
