"""The held-out proxy of issue 15 (:mod:`ewok_templates`): EWoK's template rows instantiated the compiler's way
give back every development item exactly, and the design check's read and agreement rates on the proxy items."""

from __future__ import annotations

from types import ModuleType

import pytest


@pytest.mark.shared
def test_instantiating_a_dev_items_fillers_gives_back_its_text(ewok_templates: ModuleType) -> None:
    m = ewok_templates
    rows, items = m.read_dev()
    by_key = {r.key: r for r in rows}
    assert len(rows) * len(m.VERSIONS) == 4550 and len(items) == 904
    for item in items:
        version, key, index = m.item_key(item["id"])
        row = by_key[key]
        assert row.index == index
        record = m.instantiate(row, m.align(item, row), version, reversed_by_flag=item["reversed_by_flag"])
        assert {t: record[t] for t in m.TEXTS} == {t: item[t] for t in m.TEXTS}, item["id"]
        assert record["id"] == item["id"]


@pytest.mark.shared
def test_every_held_out_item_of_a_row_gets_fillers(ewok_templates: ModuleType) -> None:
    rows, items = ewok_templates.read_dev()
    proxies, relaxed = ewok_templates.proxy_items(rows, items, draws=1)
    held_out = [p for p in proxies if p.mode == "version"]
    assert len(held_out) == 4550 - 904
    assert len({p.record["id"] for p in held_out} | {i["id"] for i in items}) == 4550
    # Each slot's filler is one its version shows for it where the split shows one, and fits its constraints.
    assert sum(n for _, n in relaxed) <= 5 * 8
