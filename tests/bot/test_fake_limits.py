"""The fake Discord's limit checks can fail: each documented limit catches a bad payload."""

from __future__ import annotations

import pytest

from tests.bot.fake_discord import IS_COMPONENTS_V2, FakeDiscord


def button(cid: str, label: str = "ok") -> dict:
    return {"type": 2, "style": 1, "label": label, "custom_id": cid}


def row(*items: dict) -> dict:
    return {"type": 1, "components": list(items)}


def select(n: int) -> dict:
    return {
        "type": 3,
        "custom_id": "s",
        "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)],
    }


BAD = {
    "6 rows": {"components": [row(button(f"b{i}")) for i in range(6)]},
    "6 buttons in a row": {"components": [row(*(button(f"b{i}") for i in range(6)))]},
    "26 options": {"components": [row(select(26))]},
    "select beside a button": {"components": [row(select(2), button("b"))]},
    "long custom_id": {"components": [row(button("x" * 101))]},
    "long label": {"components": [row(button("b", "l" * 81))]},
    "long content": {"content": "x" * 2001},
    "duplicate ids": {"components": [row(button("b"), button("b"))]},
    "V2 with content": {
        "flags": IS_COMPONENTS_V2,
        "content": "hi",
        "components": [{"type": 10, "content": "x"}],
    },
    "V2 over 40": {"flags": IS_COMPONENTS_V2, "components": [{"type": 10, "content": "x"}] * 41},
    "V2 text over 4000": {
        "flags": IS_COMPONENTS_V2,
        "components": [{"type": 10, "content": "x" * 4001}],
    },
    "missing attachment": {
        "flags": IS_COMPONENTS_V2,
        "components": [{"type": 12, "items": [{"media": {"url": "attachment://nope.png"}}]}],
    },
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_each_limit_is_enforced(case):
    fake = FakeDiscord()
    fake.check_message(BAD[case], {}, case)
    assert fake.violations, f"{case} was not caught"


def test_a_good_message_passes():
    fake = FakeDiscord()
    payload = {
        "flags": IS_COMPONENTS_V2,
        "components": [
            {
                "type": 17,
                "components": [
                    {"type": 10, "content": "hello"},
                    {"type": 12, "items": [{"media": {"url": "attachment://t.png"}}]},
                    row(select(25)),
                    row(*(button(f"b{i}") for i in range(5))),
                ],
            }
        ],
    }
    fake.check_message(payload, {"t.png": b"\x89PNG\r\n\x1a\n" + b"0" * 10}, "good")
    assert fake.violations == []


@pytest.mark.parametrize(
    "allowed",
    [None, {"parse": ["everyone"]}, {"parse": ["users"]}, {"roles": ["1"]}, {"users": ["999"]}],
)
def test_every_message_says_whom_it_may_ping(allowed):
    fake = FakeDiscord()
    fake.check_mentions({"content": "hi"} | ({"allowed_mentions": allowed} if allowed else {}), "x")
    assert fake.violations


def test_pinging_a_listed_user_passes():
    fake = FakeDiscord()
    ann = fake.add_user("Ann")
    fake.check_mentions({"allowed_mentions": {"parse": [], "users": [str(ann.id)]}}, "x")
    assert fake.violations == []
