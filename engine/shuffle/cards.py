"""Holiday Shuffle cards: 60 Holiday, 12 Celebration and 6 Wild (HS-G01, HS-G02, HS-G03).

Every dated card has its own date, six per month (five Holidays and one Celebration). Dates are
on the 2004 calendar, a leap year, so a day of the year runs from 1 (Jan 1) to 366 (Dec 31) and
Feb 29 exists (HS-G04, HS-G05). Card ids are `MMDD` for dated cards and `W1`…`W6` for Wilds.
"""

from __future__ import annotations

HOLIDAY = "holiday"
CELEBRATION = "celebration"
WILD = "wild"

# Celebration effects (HS-G02): four cards of each.
SWITCH = "switch"  # swap two cards on your own mat
TRADE = "trade"  # swap one of your cards with one on another player's mat
EXTRA = "extra"  # take another turn

#: What an effect lets its keeper do, said to them ...
EFFECT_YOU = {
    SWITCH: "switch two of your cards",
    TRADE: "trade a card with another player",
    EXTRA: "take another turn",
}
#: ... and said about them, to the table.
EFFECT_THEY = {**EFFECT_YOU, SWITCH: "switch two of their own cards"}

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)  # 2004
#: Day of the year of the first of each month, 1-based (index 0 = January).
MONTH_START = tuple(1 + sum(MONTH_DAYS[:m]) for m in range(12))
DAYS_IN_YEAR = sum(MONTH_DAYS)  # 366

# (id, name, effect or "" for a Holiday). Moveable feasts sit on their 2004 dates (HS-G04).
_DATED: tuple[tuple[str, str, str], ...] = (
    ("0101", "New Year's Day", ""),
    ("0106", "Three Kings Day", ""),
    ("0119", "Martin Luther King Jr. Day", ""),
    ("0122", "Lunar New Year", ""),
    ("0125", "Burns Night", ""),
    ("0129", "National Puzzle Day", SWITCH),
    ("0202", "Groundhog Day", ""),
    ("0209", "National Pizza Day", TRADE),
    ("0212", "Lincoln's Birthday", ""),
    ("0214", "Valentine's Day", ""),
    ("0216", "Presidents' Day", ""),
    ("0224", "Mardi Gras", ""),
    ("0301", "St. David's Day", ""),
    ("0308", "International Women's Day", ""),
    ("0314", "Pi Day", EXTRA),
    ("0317", "St. Patrick's Day", ""),
    ("0320", "First Day of Spring", ""),
    ("0330", "National Doctors' Day", ""),
    ("0401", "April Fools' Day", ""),
    ("0406", "Passover", ""),
    ("0411", "Easter", ""),
    ("0422", "Earth Day", ""),
    ("0426", "National Pretzel Day", SWITCH),
    ("0430", "Arbor Day", ""),
    ("0501", "May Day", ""),
    ("0505", "Cinco de Mayo", ""),
    ("0509", "Mother's Day", ""),
    ("0515", "Armed Forces Day", ""),
    ("0528", "National Hamburger Day", TRADE),
    ("0531", "Memorial Day", ""),
    ("0614", "Flag Day", ""),
    ("0618", "International Picnic Day", EXTRA),
    ("0619", "Juneteenth", ""),
    ("0620", "Father's Day", ""),
    ("0621", "First Day of Summer", ""),
    ("0624", "Midsummer", ""),
    ("0701", "Canada Day", ""),
    ("0704", "Independence Day", ""),
    ("0714", "Bastille Day", ""),
    ("0718", "National Ice Cream Day", SWITCH),
    ("0720", "Moon Landing Day", ""),
    ("0725", "Parents' Day", ""),
    ("0801", "Friendship Day", ""),
    ("0807", "Purple Heart Day", ""),
    ("0813", "International Left-Handers Day", SWITCH),
    ("0815", "Assumption Day", ""),
    ("0819", "National Aviation Day", ""),
    ("0826", "Women's Equality Day", ""),
    ("0906", "Labor Day", ""),
    ("0912", "Grandparents Day", ""),
    ("0916", "Rosh Hashanah", ""),
    ("0917", "Constitution Day", ""),
    ("0919", "Talk Like a Pirate Day", TRADE),
    ("0922", "First Day of Autumn", ""),
    ("1001", "World Smile Day", EXTRA),
    ("1009", "Leif Erikson Day", ""),
    ("1011", "Columbus Day", ""),
    ("1016", "Boss's Day", ""),
    ("1024", "United Nations Day", ""),
    ("1031", "Halloween", ""),
    ("1101", "All Saints' Day", ""),
    ("1102", "Election Day", ""),
    ("1105", "Guy Fawkes Night", ""),
    ("1111", "Veterans Day", ""),
    ("1113", "World Kindness Day", TRADE),
    ("1125", "Thanksgiving", ""),
    ("1208", "Chanukah", ""),
    ("1213", "National Cocoa Day", EXTRA),
    ("1221", "First Day of Winter", ""),
    ("1225", "Christmas Day", ""),
    ("1226", "Kwanzaa", ""),
    ("1231", "New Year's Eve", ""),
)
WILDS = tuple(f"W{i}" for i in range(1, 7))

#: Every card, dated cards in date order then the Wilds.
ALL_CARDS: tuple[str, ...] = tuple(c for c, _, _ in _DATED) + WILDS
CARD_SET = frozenset(ALL_CARDS)
NAME: dict[str, str] = {c: n for c, n, _ in _DATED} | {w: "Wild card" for w in WILDS}
EFFECT: dict[str, str] = {c: e for c, _, e in _DATED if e}


def _day_of(card: str) -> int:
    return MONTH_START[int(card[:2]) - 1] + int(card[2:]) - 1


#: Day of the year (1–366) of each dated card; Wilds are absent.
DAY: dict[str, int] = {c: _day_of(c) for c, _, _ in _DATED}
#: Month (1–12) of every day of the year, index 0 unused.
MONTH_OF: tuple[int, ...] = (0, *(m + 1 for m in range(12) for _ in range(MONTH_DAYS[m])))


def kind(card: str) -> str:
    if card in DAY:
        return CELEBRATION if card in EFFECT else HOLIDAY
    return WILD


def is_wild(card: str) -> bool:
    return card not in DAY


def date_text(day: int) -> str:
    """`Jul 4` for a day of the year."""
    m = MONTH_OF[day]
    return f"{MONTHS[m - 1]} {day - MONTH_START[m - 1] + 1}"


def short(card: str) -> str:
    """`Jul 4`, or `Wild` for a Wild card."""
    return date_text(DAY[card]) if card in DAY else "Wild"


def label(card: str) -> str:
    """`Jul 4 Independence Day`, or `Wild card`."""
    return f"{short(card)} {NAME[card]}" if card in DAY else NAME[card]
