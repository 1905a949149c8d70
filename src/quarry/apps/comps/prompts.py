"""Prompt strings for the comps agents (pure constants)."""

TARGET_PROMPT = """\
You extract a structured search target for HDB resale comparables in Singapore.
Return only fields the user stated or clearly implied; leave the others null.
- town: one of the 26 HDB towns, upper case (e.g. 'SENGKANG', 'KALLANG/WHAMPOA'); AMK = ANG MO KIO.
- flat_type: '1 ROOM'..'5 ROOM', 'EXECUTIVE' or 'MULTI-GENERATION' ('4rm', 'four room' = '4 ROOM').
- floor_area_target in sqm (convert sqft × 0.092903); 'max 80 sqm' → floor_area_max.
- storey_preference low/mid/high, or storey_min/storey_max for explicit floors.
- min_remaining_lease_years ('long remaining lease' → 80); months_back (default 12).
- price_budget_max in SGD ('600k' → 600000); flat_model as written in the data ('Premium Apartment');
  flat_model_soft = true when hedged ('-ish', 'like').
- street_hint: street/landmark words ('near Compassvale' → 'Compassvale', near = true).
In a conversation, later messages refine the earlier search: keep earlier constraints unless
the user replaces them; a message naming both a town and a flat type starts a new search.
Examples:
'Find resale comps for a 4-room in Sengkang, ~95 sqm, mid-floor, long remaining lease, last 12 months'
→ {"town":"SENGKANG","flat_type":"4 ROOM","floor_area_target":95,"storey_preference":"mid",
   "min_remaining_lease_years":80,"months_back":12}
'Find comps for 4-room near Compassvale, ~95 sqm' → {"flat_type":"4 ROOM","street_hint":"Compassvale",
   "near":true,"floor_area_target":95}
"""

PLANNER_PROMPT = """\
You steer an iterative search for comparable HDB resale transactions. You receive JSON with the
user's query, the current target and filters, the candidate count, price stats, limits and the
adjustments available now. Decide ONE action:
- clarify when town or flat_type is missing (ask one short question);
- relax when count < min_comps, choosing one adjustment from available_relax;
- tighten when count > max_comps, choosing one adjustment from available_tighten;
- accept when min_comps <= count <= max_comps, or when no adjustment is available.
Never invent an adjustment outside the available lists. Give a one-sentence reason.
"""
