"""The errors of bao_oracle, by kind: bad input to a function raises one of
these, with the argument at fault (`argument`), the field inside it where the
oracle names one (`field`, e.g. 'north rows' of a BPN string; '' otherwise)
and the byte offset there (`offset`, or None). An argument of the wrong type
raises TypeError naming it instead."""

from typing import Optional


class InputError(ValueError):
    """Bad input to a bao_oracle function; the base of the kinds below."""

    kind = "input"

    def __init__(self, message: str, argument: str = "", field: str = "", offset: Optional[int] = None) -> None:
        super().__init__(message)
        self.argument = argument
        self.field = field
        self.offset = offset

    def __reduce__(self):
        return (type(self), (str(self), self.argument, self.field, self.offset))


class UnknownRuleset(InputError):
    """The ruleset id is not one of the oracle's."""

    kind = "unknown-ruleset"


class InvalidPosition(InputError):
    """BPN that does not parse, or that the ruleset cannot hold."""

    kind = "invalid-position"


class InvalidMove(InputError):
    """Move text that does not parse (or is not the mover's)."""

    kind = "invalid-move"


class IllegalMove(InputError):
    """A well-formed move the position does not allow."""

    kind = "illegal-move"


class InvalidArgument(InputError):
    """Any other argument out of range: a depth, a status."""

    kind = "invalid-argument"


# Shown and pickled as the package's own names (bao_oracle.IllegalMove).
for _cls in (InputError, UnknownRuleset, InvalidPosition, InvalidMove, IllegalMove, InvalidArgument):
    _cls.__module__ = "bao_oracle"

_BY_KIND = {cls.kind: cls for cls in (UnknownRuleset, InvalidPosition, InvalidMove, IllegalMove, InvalidArgument)}


def error_class(kind: str) -> type:
    """The class of an error kind, as the compiled module names it."""
    return _BY_KIND.get(kind, InputError)
