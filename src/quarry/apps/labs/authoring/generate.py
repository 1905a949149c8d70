"""Deterministic generator of realistic lab data: patients, reports and results.

Same seed and anchor date → same rows. Patients have Russian, Ukrainian, Spanish or
English names and mostly visit labs of their language; every report holds one to three
panels (lipids, blood count, ...) printed with the lab's naming convention (`naming.py`);
values scatter around the reference range with a per-patient tendency, so abnormal shares
look like a real population (vitamin D deficiency is common, potassium rarely off). Dates
cover the five years before the anchor. Results are produced lazily so a million rows
never sit in memory.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from ..naming import ALTERNATE_SHARE, LABS, LabStyle
from ..reference import Analyte, Lang, analyte_by_code, load_analytes

DEMO_RESULTS = 20_000
"""Default number of lab_results (demo size)."""
RESULTS_PER_PATIENT = 100
YEARS = 5

# (mean or median, spread, lognormal?) in the analyte's unit; sex-specific entries win.
_DIST: dict[str, tuple[float, float, bool]] = {
    "VITD25": (31, 12, False), "CHOL": (5.0, 0.95, False), "LDL": (2.8, 0.85, False),
    "HDL": (1.45, 0.35, False), "TRIG": (1.2, 0.42, True), "GLU": (5.1, 0.75, False),
    "HBA1C": (5.4, 0.6, False), "WBC": (6.4, 1.6, False), "PLT": (260, 60, False),
    "FE": (18, 6, False), "TSH": (1.8, 0.55, True), "FT4": (14, 2.6, False),
    "ALT": (22, 0.5, True), "AST": (23, 0.42, True), "B12": (460, 170, False),
    "CRP": (1.6, 0.95, True), "UREA": (5.3, 1.5, False), "CA": (2.35, 0.11, False),
    "K": (4.3, 0.38, False), "NA": (140, 2.6, False), "TBIL": (11, 0.45, True),
    "ESR": (10, 0.6, True), "FOL": (9, 4, False), "INS": (9, 0.55, True),
    "MG": (0.86, 0.1, False),
}  # fmt: skip
_SEX_DIST: dict[tuple[str, str], tuple[float, float, bool, float, float]] = {
    ("HGB", "F"): (133, 12, False, 120, 150), ("HGB", "M"): (148, 13, False, 130, 170),
    ("RBC", "F"): (4.5, 0.38, False, 3.9, 5.1), ("RBC", "M"): (5.0, 0.42, False, 4.3, 5.7),
    ("CREA", "F"): (75, 14, False, 53, 97), ("CREA", "M"): (90, 17, False, 62, 115),
    ("FERR", "F"): (55, 0.65, True, 10, 120), ("FERR", "M"): (120, 0.6, True, 20, 250),
    ("URIC", "F"): (270, 70, False, 150, 350), ("URIC", "M"): (340, 80, False, 210, 420),
}  # fmt: skip
PANELS: dict[str, tuple[str, ...]] = {
    "lipids": ("CHOL", "LDL", "HDL", "TRIG"),
    "blood_count": ("HGB", "WBC", "RBC", "PLT", "ESR"),
    "metabolic": ("GLU", "CREA", "UREA", "URIC", "ALT", "AST", "TBIL", "K", "NA", "CA"),
    "diabetes": ("GLU", "HBA1C", "INS"),
    "thyroid": ("TSH", "FT4"),
    "vitamins_iron": ("VITD25", "B12", "FOL", "FERR", "FE", "MG"),
    "inflammation": ("CRP", "ESR"),
}
_PANEL_WEIGHTS = (30, 28, 24, 12, 12, 16, 8)

_NAMES: dict[Lang, dict[str, tuple[str, ...]]] = {
    "ru": {
        "surname_F": ("Иванова", "Смирнова", "Кузнецова", "Попова", "Васильева", "Петрова", "Соколова",
                      "Михайлова", "Новикова", "Фёдорова", "Морозова", "Волкова", "Алексеева", "Лебедева",
                      "Семёнова", "Егорова", "Павлова", "Козлова", "Степанова", "Николаева"),
        "given_F": ("Анна", "Мария", "Елена", "Ольга", "Наталья", "Татьяна", "Ирина", "Екатерина",
                    "Светлана", "Юлия"),
        "middle_F": ("Сергеевна", "Александровна", "Дмитриевна", "Ивановна", "Петровна", "Андреевна",
                     "Николаевна"),
        "given_M": ("Александр", "Сергей", "Дмитрий", "Андрей", "Алексей", "Иван", "Михаил", "Николай",
                    "Владимир", "Павел"),
        "middle_M": ("Сергеевич", "Александрович", "Дмитриевич", "Иванович", "Петрович", "Андреевич",
                     "Николаевич"),
    },
    "uk": {
        "surname": ("Коваленко", "Шевченко", "Бондаренко", "Ткаченко", "Кравченко", "Олійник", "Шевчук",
                    "Поліщук", "Бойко", "Мельник", "Петренко", "Мороз", "Лисенко", "Руденко", "Савченко"),
        "given_F": ("Олена", "Оксана", "Наталія", "Ірина", "Тетяна", "Юлія", "Марія", "Світлана"),
        "middle_F": ("Петрівна", "Іванівна", "Миколаївна", "Олександрівна", "Василівна"),
        "given_M": ("Олександр", "Андрій", "Сергій", "Дмитро", "Іван", "Микола", "Тарас", "Богдан"),
        "middle_M": ("Петрович", "Іванович", "Миколайович", "Олександрович", "Васильович"),
    },
    "es": {
        "surname": ("García", "Rodríguez", "González", "Fernández", "López", "Martínez", "Sánchez", "Pérez",
                    "Gómez", "Martín", "Jiménez", "Ruiz", "Hernández", "Díaz", "Moreno"),
        "given_F": ("María", "Carmen", "Lucía", "Ana", "Laura", "Isabel", "Sofía", "Elena"),
        "given_M": ("José", "Antonio", "Manuel", "Javier", "Carlos", "Miguel", "Pablo", "Diego"),
    },
    "en": {
        "surname": ("Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson",
                    "Anderson", "Taylor", "Thomas", "Moore", "Martin", "Jackson", "White"),
        "given_F": ("Mary", "Jennifer", "Linda", "Emily", "Sarah", "Jessica", "Emma", "Olivia"),
        "given_M": ("James", "John", "Robert", "Michael", "William", "David", "Daniel", "Thomas"),
    },
}  # fmt: skip
_LANG_WEIGHTS: tuple[tuple[Lang, int], ...] = (("ru", 35), ("uk", 20), ("en", 25), ("es", 20))
_RU_MALE = {"Фёдорова": "Фёдоров", "Семёнова": "Семёнов"}


@dataclass(frozen=True)
class Patient:
    """A row of `patients`."""

    id: int
    full_name: str
    birth_date: date
    sex: str
    language: Lang


@dataclass(frozen=True)
class Report:
    """A row of `lab_reports` plus what its results will contain."""

    id: int
    patient_id: int
    lab: LabStyle
    collected_at: datetime
    analytes: tuple[str, ...]


@dataclass
class Dataset:
    """Patients and reports in memory; results regenerated lazily from per-report seeds."""

    seed: int
    anchor: date
    patients: list[Patient]
    reports: list[Report]
    n_results: int
    _offsets: dict[int, dict[str, float]] = field(default_factory=dict, repr=False)

    def results(self) -> Iterator[tuple[object, ...]]:
        """lab_results rows in COPY order: (id, report_id, patient_id, parameter_name,
        value_numeric, value_text, unit, reference_low, reference_high, collected_at)."""
        by_code = analyte_by_code()
        sexes = {p.id: p.sex for p in self.patients}
        next_id = 1
        for report in self.reports:
            rng = random.Random(self.seed * 1_000_003 + report.id)
            offsets = self._offsets[report.patient_id]
            for code in report.analytes:
                analyte = by_code[code]
                value, low, high = _value(rng, analyte, sexes[report.patient_id], offsets[code])
                decimals = _decimals(high)
                alternate = rng.random() < ALTERNATE_SHARE
                yield (
                    next_id, report.id, report.patient_id,
                    report.lab.parameter_name(analyte, alternate=alternate),
                    round(value, decimals), report.lab.value_text(value, decimals),
                    report.lab.unit(analyte), low, high, report.collected_at,
                )  # fmt: skip
                next_id += 1


def _decimals(ref_high: float) -> int:
    return 0 if ref_high >= 100 else 1 if ref_high >= 10 else 2


def _value(rng: random.Random, analyte: Analyte, sex: str, offset: float) -> tuple[float, float | None, float]:
    """A value for one result: patient tendency + visit noise, around the (sex-specific) range."""
    z = offset + rng.gauss(0.0, 0.7)
    sexed = _SEX_DIST.get((analyte.code, sex))
    if sexed:
        centre, spread, lognormal, low, high = sexed
    else:
        centre, spread, lognormal = _DIST[analyte.code]
        low, high = analyte.ref_low, analyte.ref_high
    value = centre * math.exp(spread * z) if lognormal else centre + spread * z
    floor = (low or high) * 0.05
    value = max(value, floor)
    return value, (low or None), high


def _pick_lab(rng: random.Random, language: Lang) -> LabStyle:
    own = [lab for lab in LABS if lab.language == language]
    # Most people use labs of their own language; some travel or move.
    if rng.random() < 0.82:
        return rng.choice(own)
    return rng.choice(LABS)


def _patient(rng: random.Random, pid: int, anchor: date) -> Patient:
    language = rng.choices([lang for lang, _ in _LANG_WEIGHTS], [w for _, w in _LANG_WEIGHTS])[0]
    sex = "F" if rng.random() < 0.56 else "M"
    pool = _NAMES[language]
    given = rng.choice(pool[f"given_{sex}"])
    if language == "ru":
        surname = rng.choice(pool["surname_F"])
        if sex == "M":
            surname = _RU_MALE.get(surname, surname[:-1])
        name = f"{surname} {given} {rng.choice(pool[f'middle_{sex}'])}"
    elif language == "uk":
        name = f"{rng.choice(pool['surname'])} {given} {rng.choice(pool[f'middle_{sex}'])}"
    elif language == "es":
        first, second = rng.sample(pool["surname"], 2)
        name = f"{given} {first} {second}"
    else:
        name = f"{given} {rng.choice(pool['surname'])}"
    age_days = rng.randint(18 * 365, 88 * 365)
    return Patient(pid, name, anchor - timedelta(days=age_days), sex, language)


def generate(n_results: int = DEMO_RESULTS, *, seed: int = 42, anchor: date | None = None) -> Dataset:
    """Plan a dataset of exactly `n_results` lab results (patients and reports built here)."""
    if n_results < 1:
        raise ValueError("n_results must be positive")
    anchor = anchor or datetime.now(UTC).date()
    rng = random.Random(seed)
    n_patients = max(10, n_results // RESULTS_PER_PATIENT)
    patients = [_patient(rng, pid, anchor) for pid in range(1, n_patients + 1)]
    codes = [a.code for a in load_analytes()]
    offsets = {p.id: {c: rng.gauss(0.0, 0.72) for c in codes} for p in patients}
    panel_names = list(PANELS)
    reports: list[Report] = []
    total = 0
    start = datetime.combine(anchor - timedelta(days=365 * YEARS), time(6, 0), tzinfo=UTC)
    span_minutes = 365 * YEARS * 24 * 60
    while total < n_results:
        patient = patients[rng.randrange(n_patients)]
        chosen = rng.choices(panel_names, _PANEL_WEIGHTS, k=rng.choice((1, 1, 2, 2, 3)))
        analytes = tuple(dict.fromkeys(code for panel in chosen for code in PANELS[panel]))
        analytes = analytes[: n_results - total]
        # Morning draws: keep the clock between 06:00 and 11:59 on a random day.
        minutes = rng.randrange(span_minutes)
        day = start + timedelta(days=minutes // (24 * 60), minutes=rng.randrange(6 * 60))
        reports.append(Report(len(reports) + 1, patient.id, _pick_lab(rng, patient.language), day, analytes))
        total += len(analytes)
    reports.sort(key=lambda r: (r.collected_at, r.id))
    return Dataset(seed=seed, anchor=anchor, patients=patients, reports=reports, n_results=total, _offsets=offsets)
