"""The build's precompressed copies and its `_headers` file (site_builder/compress.py)."""

import gzip

import brotli

from site_builder import compress


def test_copies_decompress_to_their_originals_and_only_where_worth_it(tmp_path):
    (tmp_path / "pyodide").mkdir()
    wasm = bytes(range(256)) * 40
    (tmp_path / "pyodide" / "x.wasm").write_bytes(wasm)
    (tmp_path / "page.html").write_text("<p>fox</p>" * 200)
    (tmp_path / "tiny.js").write_text("let a;")  # too small to be worth a copy
    (tmp_path / "icon.png").write_bytes(b"\x89PNG" + bytes(4000))  # already compressed
    cache = tmp_path / "cache"
    written = compress.precompress(tmp_path, cache=cache)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        "page.html.br",
        "page.html.gz",
        "pyodide/x.wasm.br",
        "pyodide/x.wasm.gz",
    ]
    for original in (tmp_path / "pyodide" / "x.wasm", tmp_path / "page.html"):
        data = original.read_bytes()
        assert brotli.decompress(original.with_name(original.name + ".br").read_bytes()) == data
        assert gzip.decompress(original.with_name(original.name + ".gz").read_bytes()) == data
    # A second build takes the copies from the cache, byte for byte the same.
    before = {p: p.read_bytes() for p in written}
    assert len(list(cache.iterdir())) == 4
    compress.precompress(tmp_path, cache=cache)
    assert {p: p.read_bytes() for p in written} == before


def test_headers_name_the_wasm_type_and_cache_versioned_files_for_good(tmp_path):
    compress.write_headers(tmp_path, "/fox-and-geese/")
    lines = (tmp_path / "_headers").read_text().splitlines()
    wasm = lines.index("/fox-and-geese/pyodide/pyodide.asm.wasm")
    assert lines[wasm + 1] == "  Content-Type: application/wasm"
    runtime = lines.index("/fox-and-geese/pyodide/*")
    assert "immutable" in lines[runtime + 1]
    compress.write_headers(tmp_path)
    assert "/pyodide/*" in (tmp_path / "_headers").read_text().splitlines()


def test_quick_copies_are_the_same_content_and_never_cached(tmp_path):
    page = tmp_path / "page.html"
    page.write_text("<p>goose</p>" * 300)
    cache = tmp_path / "cache"
    written = compress.precompress(tmp_path, cache=cache, quick=True)
    assert {p.name for p in written} == {"page.html.br", "page.html.gz"}
    data = page.read_bytes()
    assert brotli.decompress((tmp_path / "page.html.br").read_bytes()) == data
    assert gzip.decompress((tmp_path / "page.html.gz").read_bytes()) == data
    assert not cache.exists()
