#!/usr/bin/env python3
"""Writes a synthetic stand-in for Scryfall's bulk "Oracle Cards" file.

usage: oracle_cards_synth.py SAMPLE OUT [CARDS] [BYTES_PER_CARD]

The real file (about 30,000 card objects, about 150 MB) is not in the
repository. This one has the same shape and size: every card object of
SAMPLE (tests/data/cards-sample.json) cycled and renamed ("Lightning Mauler
7"; a split card's faces both renamed), padded with the fields the reader
must skip (ids, URIs, legalities, prices, image_uris, purchase and related
URIs, a flavor text long enough to reach BYTES_PER_CARD, default 5,000),
one compact object a line as Scryfall writes it. Deterministic: the same
arguments give the same bytes. For `manaflow serve --cards` load figures
(README, "The card database"); nothing in `meson test` runs it.
"""
import json
import sys
import uuid

FORMATS = ["standard", "future", "historic", "timeless", "gladiator", "pioneer",
           "explorer", "modern", "legacy", "pauper", "vintage", "penny", "commander",
           "oathbreaker", "standardbrawl", "brawl", "alchemy", "paupercommander",
           "duel", "oldschool", "premodern", "predh"]
WORDS = ("the of and a to in is you that it he was for on are as with his they at be this "
         "from have or by one had not but what all were when we there can an your which "
         "their said if do will each about how up out them then she many some so these "
         "would other into has more her two like him see time could no make than first "
         "been its who now people my made over did down only way find use may water long "
         "little very after words called just where most know").split()


def renamed(name, n):
    """name with n added to each face: "Fire // Ice" -> "Fire 3 // Ice 3"."""
    if n == 0:
        return name
    return " // ".join("%s %d" % (face, n) for face in name.split(" // "))


def flavor(i, size):
    """A deterministic run of words of about size bytes."""
    out, k = [], i
    while sum(len(w) + 1 for w in out) < size:
        k = (k * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(WORDS[k % len(WORDS)])
    return " ".join(out)


def card(src, i, n, target):
    """The i-th card: the sample's src renamed with n, padded to target bytes."""
    c = {k: v for k, v in src.items() if k != "expected"}
    c["name"] = renamed(c["name"], n)
    for face in c.get("card_faces", []):
        face["name"] = renamed(face["name"], n)
        face["flavor_text"] = flavor(i + 7, 80)
        face["artist"] = "Artist %d" % (i % 977)
        face["illustration_id"] = str(uuid.UUID(int=(i * 31 + 5) << 64 | i))
    ident = str(uuid.UUID(int=i * 2654435761 + 1))
    oracle = str(uuid.UUID(int=i * 40503 + 7))
    img = "https://cards.scryfall.io/%%s/front/%s/%s/%s.jpg?1562%06d" % (ident[0], ident[1], ident, i)
    out = {
        "object": "card", "id": ident, "oracle_id": oracle,
        "multiverse_ids": [100000 + i], "mtgo_id": 20000 + i, "tcgplayer_id": 30000 + i,
        "cardmarket_id": 40000 + i, "name": c["name"], "lang": "en",
        "released_at": "2019-%02d-%02d" % (1 + i % 12, 1 + i % 28),
        "uri": "https://api.scryfall.com/cards/" + ident,
        "scryfall_uri": "https://scryfall.com/card/m20/%d/x?utm_source=api" % i,
        "layout": c.get("layout", "normal"), "highres_image": True, "image_status": "highres_scan",
        "image_uris": {k: img % k for k in ("small", "normal", "large", "png", "art_crop",
                                            "border_crop")},
        "mana_cost": c.get("mana_cost", ""), "cmc": float(i % 8),
        "type_line": c.get("type_line", ""), "oracle_text": c.get("oracle_text", ""),
        "colors": [], "color_identity": ["W", "U"][: i % 3], "keywords": ["Flying"] * (i % 2),
        "produced_mana": ["G"] * (i % 2),
        "legalities": {f: ("legal" if (i + j) % 3 else "not_legal") for j, f in enumerate(FORMATS)},
        "games": ["paper", "mtgo", "arena"], "reserved": False, "foil": True, "nonfoil": True,
        "finishes": ["nonfoil", "foil"], "oversized": False, "promo": False, "reprint": True,
        "variation": False, "set_id": str(uuid.UUID(int=i % 300 + 99)), "set": "m20",
        "set_name": "Core Set 2020", "set_type": "core",
        "set_uri": "https://api.scryfall.com/sets/" + str(uuid.UUID(int=i % 300 + 99)),
        "set_search_uri": "https://api.scryfall.com/cards/search?order=set&q=e%3Am20&unique=prints",
        "scryfall_set_uri": "https://scryfall.com/sets/m20?utm_source=api",
        "rulings_uri": "https://api.scryfall.com/cards/%s/rulings" % ident,
        "prints_search_uri": "https://api.scryfall.com/cards/search?order=released&q=oracleid%%3A%s"
                             "&unique=prints" % oracle,
        "collector_number": str(i % 400), "digital": False, "rarity": "common",
        "card_back_id": "0aeebaf5-8c7d-4636-9e82-8c27447861f7", "artist": "Artist %d" % (i % 977),
        "artist_ids": [str(uuid.UUID(int=i % 977 + 3))], "border_color": "black", "frame": "2015",
        "full_art": False, "textless": False, "booster": True, "story_spotlight": False,
        "edhrec_rank": i, "penny_rank": i + 3,
        "prices": {"usd": "%d.%02d" % (i % 40, i % 100), "usd_foil": None, "usd_etched": None,
                   "eur": "0.%02d" % (i % 100), "eur_foil": None, "tix": "0.03"},
        "related_uris": {k: "https://example.org/%s/%d?utm_source=scryfall" % (k, i)
                         for k in ("gatherer", "tcgplayer_infinite_articles",
                                   "tcgplayer_infinite_decks", "edhrec")},
        "purchase_uris": {k: "https://example.org/buy/%s/%d?utm_campaign=affiliate" % (k, i)
                          for k in ("tcgplayer", "cardmarket", "cardhoarder")},
    }
    if "card_faces" in c:
        out["card_faces"] = c["card_faces"]
    text = json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    pad = target - len(text.encode("utf-8")) - 20
    if pad > 0:
        out["flavor_text"] = flavor(i, pad)
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        sample = json.load(f)
    cards = int(sys.argv[3]) if len(sys.argv) > 3 else 30000
    target = int(sys.argv[4]) if len(sys.argv) > 4 else 5000
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        out.write("[\n")
        for i in range(cards):
            out.write(card(sample[i % len(sample)], i, i // len(sample), target))
            out.write(",\n" if i + 1 < cards else "\n")
        out.write("]\n")


if __name__ == "__main__":
    main()
