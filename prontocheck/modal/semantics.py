"""The probabilistic semantics of the operators, as one hashable options record.

A model is a probability distribution over the worlds (truth assignments to the atoms).
``Pr(φ)`` holds when p(φ) > θ (or ≥ θ when not strict), ``◇φ`` when p(φ) > 0, ``□φ`` when
p(φ) = 1, ``φ ⪰ ψ`` when p(φ) ≥ p(ψ). The flat conditional ``φ ⇒ ψ`` has three readings:

* ``certain_material`` (default): p(φ ∧ ¬ψ) = 0, i.e. p(φ → ψ) = 1 (Yalcin's domain semantics);
* ``probable_material``: Pr(φ → ψ), the benchmark paper's written schema;
* ``conditional_probability``: p(ψ | φ) above θ, with p(φ) > 0 presupposed (``cp_zero="presuppose"``)
  or the conditional vacuously true when p(φ) = 0 (``cp_zero="vacuous"``);
* ``variably_strict``: a Lewis/Stalnaker-style conditional over a ranking of the worlds
  (:mod:`prontocheck.modal.ranking`): ψ holds in the lowest-ranked φ-worlds, where rank 0 is the support of
  the distribution (what the information state leaves open). Where φ is live (p(φ) > 0) this is the certain
  reading; where it is not, the ranking decides, so contraposition and antecedent strengthening fail.

Statements of inference benchmarks (:mod:`prontocheck.modal.clauses`) add three readings, fixed or chosen:

* a **plain statement** (no modal, :class:`~prontocheck.logic.modal.Fact`) is read as known: p(φ) = 1
  (Yalcin's informational consequence: an information state accepts φ when φ holds throughout it);
* a **modal in a conditional's consequent** ("if φ, must ψ", "if φ, then if χ, ψ") restricts it to the
  worlds where the antecedent holds (Kratzer's restrictor reading, the domain semantics of
  ``certain_material`` carried to every statement): "if φ, must ψ" is p(φ ∧ ¬ψ) = 0, "if φ, might ψ" is
  p(φ ∧ ψ) > 0, "if φ, probably ψ" is p(φ ∧ ψ) > θ·p(φ), whatever the flat conditional's reading;
* a **disjunction of plain and modal statements** ("either p or must q") is ``flat`` (default: p(p) = 1 or
  p(q) = 1) or ``bounded`` (the modal relative to "not p": p(¬p ∧ ¬q) = 0).

>>> DEFAULT.label
'>1/2 cert'
>>> Semantics.parse(">=1/2,cprob").label
'>=1/2 cprob'
>>> [s.label for s in COLUMNS][:3]
['>1/2 cert', '>1/2 Pr(->)', '>1/2 cprob']
>>> Semantics.parse("vs").label
'>1/2 vs'

"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, get_args

from prontocheck.errors import UsageError

ConditionalReading = Literal["certain_material", "probable_material", "conditional_probability", "variably_strict"]
"""The readings of the flat conditional ``φ ⇒ ψ``."""

Disjunction = Literal["flat", "bounded"]
"""How "either p or must q" reads: as the disjunction of p and □q (``flat``), or with the modal relative to
"not p" (``bounded``: in the live worlds where p fails, q; p(¬p ∧ ¬q) = 0)."""

CpZero = Literal["presuppose", "vacuous"]
"""What ``p(ψ | φ)`` means when p(φ) = 0 under the conditional-probability reading."""

READING_LABELS: dict[str, str] = {
    "certain_material": "cert",
    "probable_material": "Pr(->)",
    "conditional_probability": "cprob",
    "variably_strict": "vs",
}
"""Short column labels of the conditional readings (as in the design study's validity table)."""

_READING_ALIASES = {
    "cert": "certain_material", "certain": "certain_material", "certain_material": "certain_material",
    "pr": "probable_material", "pr(->)": "probable_material", "probable": "probable_material",
    "probable_material": "probable_material",
    "cprob": "conditional_probability", "conditional": "conditional_probability",
    "conditional_probability": "conditional_probability",
    "vs": "variably_strict", "variably_strict": "variably_strict", "variably-strict": "variably_strict",
    "lewis": "variably_strict", "ranked": "variably_strict",
}


@dataclass(frozen=True, slots=True)
class Semantics:
    """The options of the probabilistic semantics (hashable: decisions are cached on it).

    Attributes:
        theta: the threshold θ of ``Pr`` (an exact rational in [0, 1]).
        strict: ``Pr(φ)`` is p(φ) > θ when true, p(φ) ≥ θ when false.
        conditional: the reading of the flat conditional (see the module docstring).
        cp_zero: under the conditional-probability reading, whether p(φ) > 0 is presupposed
            (``"presuppose"``) or the conditional is vacuously true when p(φ) = 0 (``"vacuous"``).
        disjunction: how a disjunction of plain statements and modal ones reads (:data:`Disjunction`).
    """

    theta: Fraction = Fraction(1, 2)
    strict: bool = True
    conditional: ConditionalReading = "certain_material"
    cp_zero: CpZero = "presuppose"
    disjunction: Disjunction = "flat"
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return self._hash  # computed once: decisions are looked up on every item, and a Fraction hashes slowly

    def __reduce__(self) -> tuple[type[Semantics], tuple[Fraction, bool, str, str, str]]:
        # Rebuilt, not copied: the hash of the strings differs from one process to the next.
        return Semantics, (self.theta, self.strict, self.conditional, self.cp_zero, self.disjunction)

    def __post_init__(self) -> None:
        theta = self.theta
        if not isinstance(theta, Fraction):
            if isinstance(theta, float):
                raise UsageError(f"theta must be exact (a Fraction, int or 'p/q' string), got the float {theta!r}")
            try:
                theta = Fraction(theta)
            except (TypeError, ValueError):
                raise UsageError(f"theta must be a rational number, got {self.theta!r}") from None
            object.__setattr__(self, "theta", theta)
        if not 0 <= theta <= 1:
            raise UsageError(f"theta must lie in [0, 1], got {theta}")
        if self.conditional not in get_args(ConditionalReading):
            raise UsageError(f"unknown conditional reading {self.conditional!r}; "
                             f"expected one of {', '.join(get_args(ConditionalReading))}")
        if self.cp_zero not in get_args(CpZero):
            raise UsageError(f"unknown cp_zero {self.cp_zero!r}; expected one of {', '.join(get_args(CpZero))}")
        if self.disjunction not in get_args(Disjunction):
            raise UsageError(f"unknown disjunction reading {self.disjunction!r}; "
                             f"expected one of {', '.join(get_args(Disjunction))}")
        object.__setattr__(self, "_hash", hash((self.theta, self.strict, self.conditional, self.cp_zero,
                                                self.disjunction)))

    @property
    def relation(self) -> str:
        """``">"`` or ``">="``: how ``Pr`` compares p(φ) with θ."""
        return ">" if self.strict else ">="

    @property
    def label(self) -> str:
        """A short name, as the validity table's columns: ``>1/2 cert``, ``>=1/2 cprob``."""
        vacuous = ",vacuous" if self.cp_zero == "vacuous" else ""
        bounded = ",bounded" if self.disjunction == "bounded" else ""
        return f"{self.relation}{self.theta} {READING_LABELS[self.conditional]}{vacuous}{bounded}"

    @classmethod
    def parse(cls, text: str) -> Semantics:
        """Read semantics options: ``default``, or comma-separated settings.

        Settings: ``>1/2`` / ``>=0.6`` (threshold and strictness at once), ``theta=2/3``,
        ``strict`` / ``nonstrict``, a conditional reading (``cert``, ``pr``, ``cprob``, ``vs`` or the
        full names), ``vacuous`` / ``presuppose`` and ``bounded`` / ``flat`` (the disjunction's reading).

        Raises:
            UsageError: an unknown or malformed setting (quoted in the message).

        >>> Semantics.parse("theta=2/3,nonstrict,pr").label
        '>=2/3 Pr(->)'
        """
        options: dict[str, Any] = {}
        for raw in text.split(","):
            part = raw.strip().lower()
            if part in ("", "default"):
                continue
            if part.startswith(">="):
                options.update(theta=_fraction(part[2:], text), strict=False)
            elif part.startswith(">"):
                options.update(theta=_fraction(part[1:], text), strict=True)
            elif part.startswith("theta="):
                options["theta"] = _fraction(part[6:], text)
            elif part in ("strict", "nonstrict", "non-strict"):
                options["strict"] = part == "strict"
            elif part in ("vacuous", "presuppose"):
                options["cp_zero"] = part
            elif part in ("bounded", "flat"):
                options["disjunction"] = part
            elif part in _READING_ALIASES:
                options["conditional"] = _READING_ALIASES[part]
            else:
                raise UsageError(f"unknown semantics setting {raw.strip()!r} in {text!r}")
        return cls(**options)

    def to_json(self) -> dict[str, Any]:
        """``{"label", "theta", "strict", "conditional", "cp_zero", "disjunction"}`` with θ as a ``"p/q"`` string."""
        return {"label": self.label, "theta": str(self.theta), "strict": self.strict,
                "conditional": self.conditional, "cp_zero": self.cp_zero, "disjunction": self.disjunction}


def _fraction(text: str, whole: str) -> Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"{text.strip()!r} is not a rational number (in {whole!r})") from None


DEFAULT = Semantics()
"""The default semantics: θ = 1/2 strict, the conditional read as certain (reproduces all 13 gold labels)."""

COLUMNS: tuple[Semantics, ...] = tuple(
    Semantics(Fraction(1, 2), strict, reading)  # type: ignore[arg-type]
    for strict in (True, False)
    for reading in ("certain_material", "probable_material", "conditional_probability")
)
"""The six columns of the design study's validity table: {>1/2, >=1/2} × {cert, Pr(->), cprob}."""

READINGS: tuple[Semantics, ...] = (*COLUMNS, Semantics(disjunction="bounded"),
                                   Semantics(conditional="variably_strict"))
"""Every reading offered (``modal validate --all-semantics``): the validity table's six columns, the bounded
reading of "either p or must q" and the variably strict conditional (``>1/2 vs``)."""
