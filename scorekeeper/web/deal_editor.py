"""The form that corrects one recorded deal: its values in and out, and where errors go.

What the page shows (each select, its choices, the errors beside them) is built by
`scorekeeper.presentation.correction`; this reads what was sent back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..presentation.correction import bid_value, trump_choices
from ..rules import DealRecord, IllegalBid, ScoreError, TricksError
from ..rules.sentences import Sentence
from ..storage import StoredGame


class DealEditor:
    """The form to correct one recorded deal: its choices, values and where errors go."""

    def __init__(self, stored: StoredGame, position: int) -> None:
        self.stored = stored
        self.game = stored.game
        self.position = position
        self.result = stored.result()
        self.deal = self.result.deals[position - 1]
        self.cards = self.deal.setup.cards
        self.partnership = self.game.ruleset.partnership

    def trump_choices(self) -> list[tuple[str, str]]:
        """Return the trumps this game's deck can have, "not noted" first (the form's choices)."""
        return list(trump_choices(self.game.ruleset))

    @property
    def asks_rainbows(self) -> bool:
        return self.game.ruleset.pays_rainbow_bonus(self.cards)

    def values_of(self, record: DealRecord) -> dict[str, Any]:
        """Return the form's values for a recorded deal."""
        values: dict[str, Any] = {"trump": record.trump or "", "rainbows": set()}
        for seat, bid in enumerate(record.bids):
            values[f"bid-{seat}"] = bid_value(bid)
        if self.partnership:
            team = record.team_tricks
            if team is None and record.tricks is not None:
                team = self.game.ruleset.tricks_by_side(record.tricks)
            values["team-0"] = "" if team is None else str(team[0])
            values["team-1"] = "" if team is None else str(team[1])
        else:
            for seat in range(len(self.game.players)):
                taken = "" if record.tricks is None else str(record.tricks[seat])
                values[f"tricks-{seat}"] = taken
        values["rainbows"] = {str(seat) for seat in record.rainbows or ()}
        values["note"] = record.note or ""
        return values

    def values_from(self, formdata: Any) -> dict[str, Any]:
        """Return the form's values as posted."""
        values: dict[str, Any] = {"trump": formdata.get("trump", "")}
        for seat in range(len(self.game.players)):
            values[f"bid-{seat}"] = formdata.get(f"bid-{seat}", "")
            values[f"tricks-{seat}"] = formdata.get(f"tricks-{seat}", "")
        values["team-0"] = formdata.get("team-0", "")
        values["team-1"] = formdata.get("team-1", "")
        values["rainbows"] = set(formdata.getlist("rainbows"))
        values["note"] = formdata.get("note", "")
        return values

    def raw_deal(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Return the deal as the game file would hold it, from the form's values.

        Raise TricksError when tricks are noted for some and not all (the deal is either
        thrown in, with no tricks, or has every side's tricks).
        """
        seats = range(len(self.game.players))
        raw: dict[str, Any] = {"bids": [values[f"bid-{seat}"] for seat in seats]}
        if self.partnership:
            if values["team-0"] != "" or values["team-1"] != "":
                if "" in (values["team-0"], values["team-1"]):
                    raise TricksError(
                        Sentence("Enter the tricks each team took."), deal=self.position
                    )
                raw["team_tricks"] = [_number(values["team-0"]), _number(values["team-1"])]
        elif any(values[f"tricks-{seat}"] != "" for seat in seats):
            for seat in seats:
                if values[f"tricks-{seat}"] == "":
                    name = self.game.players[seat]
                    raise TricksError(
                        Sentence("Enter the tricks {name} took.", name=name),
                        deal=self.position,
                        player=name,
                    )
            raw["tricks"] = [_number(values[f"tricks-{seat}"]) for seat in seats]
        if values["trump"]:
            raw["trump"] = values["trump"]
        if self.asks_rainbows and values["rainbows"]:
            raw["rainbows"] = sorted(int(seat) for seat in values["rainbows"] if seat.isdigit())
        if values.get("note"):
            raw["note"] = values["note"]
        return raw

    def place_error(self, error: ScoreError) -> dict[str, str]:
        """Say where an error belongs: next to a player's bid or tricks, the note, or the whole
        form."""
        if error.deal is not None and error.deal != self.position:
            return {
                "form": Sentence(
                    "That change would make deal {deal} illegal — {why}. Nothing was changed.",
                    deal=error.deal,
                    why=error.message,
                )
            }
        message = error.message
        if error.field == "note":
            return {"note": message}
        if error.player in self.game.players:
            seat = self.game.players.index(error.player)
            if isinstance(error, IllegalBid):
                return {f"bid-{seat}": message}
            if isinstance(error, TricksError):
                return {f"tricks-{seat}": message}
        if isinstance(error, TricksError):
            return {"tricks": message}
        return {"form": message}


def _number(text: Any) -> Any:
    """Return a whole number from a select, or the text itself (so the rules refuse it)."""
    return int(text) if isinstance(text, str) and text.isdigit() else text
