"""The form that corrects one recorded deal: its choices, its values, and where errors go."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import (
    TRUMPS,
    DealRecord,
    IllegalBid,
    ScoreError,
    TricksError,
    bid_choices,
    trump_label,
)
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

    def bid_options(self) -> list[tuple[str, str]]:
        """Return every bid that could be said with these cards, as (value, label)."""
        options = []
        for choice in bid_choices(self.game.ruleset, self.cards, [], len(self.game.players)):
            value = str(choice.bid.to_json())
            label = "board" if value == "board" else choice.label
            options.append((value, label))
        return options

    def trick_options(self) -> list[tuple[str, str]]:
        """Return the tricks a player or team may have taken, "—" for none noted."""
        return [("", "—")] + [(str(n), str(n)) for n in range(self.cards + 1)]

    def trump_choices(self) -> list[tuple[str, str]]:
        """Return the trumps this game's deck can have, "not noted" first."""
        suits = [t for t in TRUMPS if t != "none" or self.game.ruleset.allows_no_trump()]
        return [("", "not noted")] + [(t, trump_label(t)) for t in suits]

    @property
    def asks_rainbows(self) -> bool:
        return self.game.ruleset.pays_rainbow_bonus(self.cards)

    def values_of(self, record: DealRecord) -> dict[str, Any]:
        """Return the form's values for a recorded deal."""
        values: dict[str, Any] = {"trump": record.trump or "", "rainbows": set()}
        for seat, bid in enumerate(record.bids):
            values[f"bid-{seat}"] = str(bid.to_json())
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
                    raise TricksError("Enter the tricks each team took.", deal=self.position)
                raw["team_tricks"] = [_number(values["team-0"]), _number(values["team-1"])]
        elif any(values[f"tricks-{seat}"] != "" for seat in seats):
            for seat in seats:
                if values[f"tricks-{seat}"] == "":
                    name = self.game.players[seat]
                    raise TricksError(
                        f"Enter the tricks {name} took.", deal=self.position, player=name
                    )
            raw["tricks"] = [_number(values[f"tricks-{seat}"]) for seat in seats]
        if values["trump"]:
            raw["trump"] = values["trump"]
        if self.asks_rainbows and values["rainbows"]:
            raw["rainbows"] = sorted(int(seat) for seat in values["rainbows"] if seat.isdigit())
        return raw

    def place_error(self, error: ScoreError) -> dict[str, str]:
        """Say where an error belongs: next to a player's bid or tricks, or the whole form."""
        if error.deal is not None and error.deal != self.position:
            return {
                "form": f"That change would make deal {error.deal} illegal — {error.message}. "
                "Nothing was changed."
            }
        message = error.message
        if error.player in self.game.players:
            seat = self.game.players.index(error.player)
            if isinstance(error, IllegalBid):
                return {f"bid-{seat}": message}
            if isinstance(error, TricksError):
                return {f"tricks-{seat}": message}
        if isinstance(error, TricksError):
            return {"tricks": message}
        return {"form": message}

    def context(
        self, form: Any, values: Mapping[str, Any], errors: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        """Return what the edit page's template needs."""
        form.trump.choices = self.trump_choices()
        return {
            "stored": self.stored,
            "editor_view": self,
            "form": form,
            "values": values,
            "errors": errors or {},
        }


def _number(text: Any) -> Any:
    """Return a whole number from a select, or the text itself (so the rules refuse it)."""
    return int(text) if isinstance(text, str) and text.isdigit() else text
