"""Short explanations of the offline model's query, in the language of the question."""

from __future__ import annotations

from datetime import timedelta

from .offline_intent import TimeWindow
from .offline_sql import Plan
from .reference import Lang

_T: dict[Lang, dict[str, str]] = {
    "en": {
        "share": "Share of the results of {x} meeting the condition (percent)", "people": "Number of patients",
        "people_avg": "Average age of the patients", "people_min": "Age of the youngest patient",
        "people_max": "Age of the oldest patient", "people_share": "Share of the patients (percent)",
        "any": "(any test)", "list": "All results of {x}", "count": "Number of results of {x}",
        "count_patients": "Number of patients with results of {x}",
        "list_labs": "Laboratories that issued reports (with {x}), and how many each",
        "count_labs": "Number of laboratories (reports with {x})",
        "list_reports": "Lab reports (with {x}), newest first",
        "count_reports": "Number of lab reports (with {x})",
        "list_patients": "Patients with results of {x} and how many such results each has",
        "avg": "Average value of {x}", "min": "Lowest value of {x}", "max": "Highest value of {x}",
        "latest": "Most recent result of {x}", "above": "above the reference range",
        "below": "below the reference range", "outside": "outside the reference range",
        "within": "within the reference range", "value": "with values {op} {v}", "period": "period: {label}",
        "month": "by month", "quarter": "by quarter", "year": "by year", "patient": "per patient",
        "lab": "per laboratory",
        "age": "by age group", "birth_decade": "by decade of birth",
        "ranges": "Reference ranges of {x} and how many results carry each",
        "rank_patients": "Patients with the most {x}",
        "median": "Median value of {x}", "first_last": "First and last result of {x}",
        "count_new_patients": "New patients (counted at their first report)",
        "units": "Units in which {x} is reported",
        "change": "Change of {x} from the first result to the last",
        "sex": "by sex", "F": "women", "M": "men", "older": "older than {n}", "younger": "younger than {n}",
        "born_between": "born",
        "who": "patient(s): {names}", "labs": "laboratory: {labs}", "all": "all patients in the database",
        "spellings": "{n} spellings used by different labs were matched", "order": "newest first",
        "none": "No test matching {x} was found in the database, so the query returns no rows.",
        "nobody": "No patient named {name} was found, so the query is likely to return no rows.",
        "ask_test": "No lab result in the data is called '{name}'. Which test do you mean?",
        "ask_which": "Several patients are called '{name}': {candidates}. Which one do you mean?",
        "born": "{name} (born {year})",
        "ask_patient": "I couldn't find a patient named '{name}'. Which patient do you mean (full name, or add "
        "the birth year)?",
        "guess": "Names were not searched first, so spellings are compared after folding case, accents and scripts",
    },
    "ru": {
        "share": "Доля результатов анализа {x}, отвечающих условию (в процентах)", "people": "Число пациентов",
        "people_avg": "Средний возраст пациентов", "people_min": "Возраст самого молодого пациента",
        "people_max": "Возраст самого старшего пациента", "people_share": "Доля пациентов (в процентах)",
        "any": "(любой анализ)", "list": "Все результаты анализа {x}", "count": "Количество результатов анализа {x}",
        "count_patients": "Число пациентов с результатами анализа {x}",
        "list_labs": "Лаборатории, выдавшие бланки (с анализом {x}), и число бланков каждой",
        "count_labs": "Число лабораторий (бланки с анализом {x})",
        "list_reports": "Бланки анализов (с анализом {x}), сначала новые",
        "count_reports": "Число бланков анализов (с анализом {x})",
        "list_patients": "Пациенты с результатами анализа {x} и число таких результатов у каждого",
        "avg": "Среднее значение {x}", "min": "Минимальное значение {x}", "max": "Максимальное значение {x}",
        "latest": "Последний результат анализа {x}", "above": "выше референсного диапазона (нормы)",
        "below": "ниже референсного диапазона (нормы)", "outside": "вне референсного диапазона",
        "within": "в пределах нормы", "value": "со значением {op} {v}", "period": "период: {label}",
        "month": "по месяцам", "quarter": "по кварталам", "year": "по годам", "patient": "по каждому пациенту",
        "lab": "по лабораториям",
        "age": "по возрастным группам", "birth_decade": "по десятилетиям рождения",
        "ranges": "Референсные диапазоны {x} и число результатов с каждым",
        "rank_patients": "Пациенты с наибольшим числом {x}",
        "median": "Медиана анализа {x}", "first_last": "Первый и последний результат анализа {x}",
        "count_new_patients": "Новые пациенты (по первому бланку)",
        "units": "Единицы, в которых приходит анализ {x}",
        "change": "Изменение анализа {x} от первого результата к последнему",
        "sex": "по полу", "F": "женщины", "M": "мужчины", "older": "старше {n} лет", "younger": "младше {n} лет",
        "born_between": "дата рождения",
        "who": "пациент: {names}", "labs": "лаборатория: {labs}", "all": "все пациенты в базе",
        "spellings": "учтено {n} вариантов написания в разных лабораториях", "order": "сначала новые",
        "none": "Анализ {x} в базе не найден, поэтому запрос не вернёт строк.",
        "nobody": "Пациент {name} не найден, поэтому запрос, скорее всего, не вернёт строк.",
        "ask_test": "В данных нет анализа «{name}». Какой анализ вы имеете в виду?",
        "ask_which": "Пациентов «{name}» несколько: {candidates}. Кого вы имеете в виду?",
        "born": "{name} ({year} г. р.)",
        "ask_patient": "Не нашёл пациента «{name}». Кого вы имеете в виду (полное имя или год рождения)?",
        "guess": "Названия не искались заранее, поэтому сравниваются без учёта регистра, диакритики и алфавита",
    },
    "uk": {
        "share": "Частка результатів аналізу {x}, що відповідають умові (у відсотках)", "people": "Кількість пацієнтів",
        "people_avg": "Середній вік пацієнтів", "people_min": "Вік наймолодшого пацієнта",
        "people_max": "Вік найстаршого пацієнта", "people_share": "Частка пацієнтів (у відсотках)",
        "any": "(будь-який аналіз)", "list": "Усі результати аналізу {x}", "count": "Кількість результатів аналізу {x}",
        "count_patients": "Кількість пацієнтів з результатами аналізу {x}",
        "list_labs": "Лабораторії, що видали звіти (з аналізом {x}), і кількість звітів кожної",
        "count_labs": "Кількість лабораторій (звіти з аналізом {x})",
        "list_reports": "Звіти аналізів (з аналізом {x}), спочатку нові",
        "count_reports": "Кількість звітів аналізів (з аналізом {x})",
        "list_patients": "Пацієнти з результатами аналізу {x} і кількість таких результатів",
        "avg": "Середнє значення {x}", "min": "Мінімальне значення {x}", "max": "Максимальне значення {x}",
        "latest": "Останній результат аналізу {x}", "above": "вище референсного діапазону (норми)",
        "below": "нижче референсного діапазону (норми)", "outside": "поза референсним діапазоном",
        "within": "у межах норми", "value": "зі значенням {op} {v}", "period": "період: {label}",
        "month": "по місяцях", "quarter": "по кварталах", "year": "по роках", "patient": "для кожного пацієнта",
        "lab": "по лабораторіях",
        "age": "за віковими групами", "birth_decade": "за десятиліттями народження",
        "ranges": "Референтні діапазони {x} і кількість результатів з кожним",
        "rank_patients": "Пацієнти з найбільшою кількістю {x}",
        "median": "Медіана аналізу {x}", "first_last": "Перший і останній результат аналізу {x}",
        "count_new_patients": "Нові пацієнти (за першим бланком)",
        "units": "Одиниці, в яких надходить аналіз {x}",
        "change": "Зміна аналізу {x} від першого результату до останнього",
        "sex": "за статтю", "F": "жінки", "M": "чоловіки", "older": "старші за {n} років",
        "younger": "молодші за {n} років",
        "born_between": "дата народження", "who": "пацієнт: {names}", "labs": "лабораторія: {labs}",
        "all": "усі пацієнти в базі", "spellings": "враховано {n} варіантів написання в різних лабораторіях",
        "order": "спочатку нові", "none": "Аналіз {x} у базі не знайдено, тому запит не поверне рядків.",
        "nobody": "Пацієнта {name} не знайдено, тому запит, імовірно, не поверне рядків.",
        "ask_test": "У даних немає аналізу «{name}». Який аналіз ви маєте на увазі?",
        "ask_which": "Пацієнтів «{name}» кілька: {candidates}. Кого ви маєте на увазі?",
        "born": "{name} ({year} р. н.)",
        "ask_patient": "Не знайшов пацієнта «{name}». Кого ви маєте на увазі (повне ім'я або рік народження)?",
        "guess": "Назви не шукалися заздалегідь, тому порівнюються без урахування регістру, діакритики та абетки",
    },
    "es": {
        "share": "Porcentaje de los resultados de {x} que cumplen la condición", "people": "Número de pacientes",
        "people_avg": "Edad media de los pacientes", "people_min": "Edad del paciente más joven",
        "people_max": "Edad del paciente de más edad", "people_share": "Porcentaje de pacientes",
        "any": "(cualquier análisis)", "list": "Todos los resultados de {x}", "count": "Número de resultados de {x}",
        "count_patients": "Número de pacientes con resultados de {x}",
        "list_labs": "Laboratorios que emitieron informes (con {x}) y cuántos cada uno",
        "count_labs": "Número de laboratorios (informes con {x})",
        "list_reports": "Informes de laboratorio (con {x}), los más recientes primero",
        "count_reports": "Número de informes de laboratorio (con {x})",
        "list_patients": "Pacientes con resultados de {x} y cuántos resultados tiene cada uno",
        "avg": "Valor promedio de {x}", "min": "Valor mínimo de {x}", "max": "Valor máximo de {x}",
        "latest": "Último resultado de {x}", "above": "por encima del rango de referencia",
        "below": "por debajo del rango de referencia", "outside": "fuera del rango de referencia",
        "within": "dentro del rango de referencia", "value": "con valores {op} {v}", "period": "periodo: {label}",
        "month": "por mes", "quarter": "por trimestre", "year": "por año", "patient": "por paciente",
        "lab": "por laboratorio",
        "age": "por grupos de edad", "birth_decade": "por década de nacimiento",
        "ranges": "Rangos de referencia de {x} y cuántos resultados usan cada uno",
        "rank_patients": "Pacientes con más {x}",
        "median": "Mediana de {x}", "first_last": "Primer y último resultado de {x}",
        "count_new_patients": "Pacientes nuevos (por su primer informe)",
        "units": "Unidades en que llega {x}",
        "change": "Cambio de {x} del primer resultado al último",
        "sex": "por sexo", "F": "mujeres", "M": "hombres", "older": "mayores de {n} años",
        "younger": "menores de {n} años",
        "born_between": "nacidos", "who": "paciente(s): {names}", "labs": "laboratorio: {labs}",
        "all": "todos los pacientes de la base",
        "spellings": "se incluyen {n} variantes del nombre según el laboratorio",
        "order": "los más recientes primero",
        "none": "No se encontró ningún análisis {x} en la base, así que la consulta no devuelve filas.",
        "nobody": "No se encontró al paciente {name}, así que probablemente la consulta no devuelva filas.",
        "ask_test": "En los datos no hay ningún análisis «{name}». ¿Qué análisis quiere decir?",
        "ask_which": "Hay varios pacientes «{name}»: {candidates}. ¿A cuál se refiere?",
        "born": "{name} (nacimiento {year})",
        "ask_patient": "No encontré a ningún paciente llamado «{name}». ¿A qué paciente se refiere (nombre "
        "completo o año de nacimiento)?",
        "guess": "Los nombres no se buscaron antes: se comparan sin mayúsculas, acentos ni alfabeto",
    },
}  # fmt: skip


def explain(plan: Plan, *, patient_names: list[str] | None = None) -> str:
    """One or two sentences saying what the query returns, in the question's language."""
    i = plan.intent
    t = _T[i.language]
    subject = ", ".join(f"«{a.label}»" for a in plan.analytes) or t["any"]
    if plan.analytes and not any((a.names or a.fold_names) and not a.missing for a in plan.analytes):
        return t["none"].format(x=subject)
    if i.aggregate == "latest" and not plan.analytes:
        parts = [_OVERLAP[i.language]["latest_report"]]
    elif i.overlap != "none":
        o = _OVERLAP[i.language]
        joiner = {"all": " + ", "any": o["or"], "none": o["or"]}[i.combine]
        each = joiner.join(
            f"«{a.label}»" + (f" {o[side]}" if (side := i.sides.get(a.code)) else "") for a in plan.analytes
        )
        parts = [o["neither" if i.combine == "none" else i.overlap].format(x=each)]
    elif i.about_patients:
        people = {"avg": "people_avg", "min": "people_min", "max": "people_max"}
        parts = [t["people_share" if i.share else people.get(i.aggregate, "people")]]
    elif i.share:
        parts = [t["share"].format(x=subject)]
    else:
        parts = [t[i.aggregate].format(x=subject)]
        parts += [t[more].format(x=subject) for more in i.measures_more]
    if i.range_filter:
        parts.append(t[i.range_filter])
    if i.value_op and i.value is not None:
        parts.append(t["value"].format(op=i.value_op, v=f"{i.value:g}"))
    if i.value_upto is not None:
        parts.append(t["value"].format(op="<=", v=f"{i.value_upto:g}"))
    if i.window:
        parts.append(t["period"].format(label=_dates(i.window)))
    if i.group_by != "none":
        parts.extend(t[key] for key in (i.group_by, *i.group_more))
    who: list[str] = []
    if patient_names:
        who.append(t["who"].format(names=", ".join(patient_names)))
    elif i.patient_name:
        who.append(t["who"].format(names=i.patient_name))
    if i.sex:
        who.append(t[i.sex])
    if i.age_over is not None:
        who.append(t["older"].format(n=i.age_over))
    if i.age_under is not None:
        who.append(t["younger"].format(n=i.age_under))
    if i.born_from is not None or i.born_before is not None:
        start = i.born_from.isoformat() if i.born_from else "…"
        end = (i.born_before - timedelta(days=1)).isoformat() if i.born_before else "…"
        who.append(f"{t['born_between']} {start} – {end}")
    parts.extend(who or [t["all"]])
    if plan.labs:
        parts.append(t["labs"].format(labs=", ".join(plan.labs)))
    spellings = sum(len(a.names) for a in plan.analytes)
    if spellings > 1:
        parts.append(t["spellings"].format(n=spellings))
    elif plan.analytes and not spellings:
        parts.append(t["guess"])
    if i.aggregate == "list":
        parts.append(t["order"])
    text = "; ".join(parts) + "."
    if i.patient_name and plan.patient_ids == []:
        text += " " + t["nobody"].format(name=i.patient_name)
    return text


def ask_for_patient(name: str, language: Lang) -> str:
    """The question asked back when no patient has the name the user gave."""
    return _T[language]["ask_patient"].format(name=name)


def ask_which_patient(name: str, candidates: list[tuple[str, int]], language: Lang) -> str:
    """The question asked back when several patients have the name the user gave: each with
    their birth year, which is enough to tell them apart."""
    t = _T[language]
    listed = ", ".join(t["born"].format(name=full, year=year) for full, year in candidates)
    return t["ask_which"].format(name=name, candidates=listed)


def _dates(window: TimeWindow) -> str:
    """The period as the user said it and the dates it was read as ("since april (2026-04-01 …)")."""
    if window.start is None:
        return window.label
    last = (window.end - timedelta(days=1)).isoformat() if window.end is not None else "…"
    return f"{window.label} ({window.start.isoformat()} – {last})"


def ask_for_test(name: str, language: Lang) -> str:
    """The question asked back when no stored result has the test the user named."""
    return _T[language]["ask_test"].format(name=name)


_OVERLAP: dict[Lang, dict[str, str]] = {
    "en": {
        "latest_report": "Every result of the most recent report",
        "ever": "Patients with {x} (at any time)",
        "same_report": "Patients with {x} in one report",
        "above": "above the range",
        "below": "below the range",
        "outside": "outside the range",
        "or": " or ",
        "neither": "Patients with no result of {x}",
    },
    "ru": {
        "latest_report": "Все результаты последнего бланка",
        "ever": "Пациенты, у которых {x} (в любое время)",
        "same_report": "Пациенты, у которых {x} в одном бланке",
        "above": "выше нормы",
        "below": "ниже нормы",
        "outside": "вне нормы",
        "or": " или ",
        "neither": "Пациенты без результатов {x}",
    },
    "uk": {
        "latest_report": "Усі результати останнього звіту",
        "ever": "Пацієнти, у яких {x} (будь-коли)",
        "same_report": "Пацієнти, у яких {x} в одному звіті",
        "above": "вище норми",
        "below": "нижче норми",
        "outside": "поза нормою",
        "or": " або ",
        "neither": "Пацієнти без результатів {x}",
    },
    "es": {
        "latest_report": "Todos los resultados del informe más reciente",
        "ever": "Pacientes con {x} (en cualquier momento)",
        "same_report": "Pacientes con {x} en un mismo informe",
        "above": "por encima del rango",
        "below": "por debajo del rango",
        "outside": "fuera del rango",
        "or": " o ",
        "neither": "Pacientes sin resultados de {x}",
    },
}
