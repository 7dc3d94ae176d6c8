"""The three AI levels. They differ in what the AI considers, not only in speed:

- **easy**: noisy scores, a single best attacker set with no air points, no air planning
  (everything into attack, or defense for CW), no landings beyond the opening one, no
  demolitions in front of the enemy, no lookahead on retreat losses.
- **normal**: full scoring, air points where they move the odds, air planned by need,
  landings a little ahead of the front, bridges blown in front of the enemy; the JP gathers
  attackers around the enemy stacks it can hit at good odds (:mod:`malaya.ai.assault`).
- **hard**: as normal, plus attacks coordinated across targets (attackers and AP shared out by
  value) and room made beside them; JP: landings deeper behind the CW line and also from map
  ports (outflanking by sea), an assault on Singapore island that accepts 1:2 with full air,
  its own step losses weighed as the CW VP they are;
  CW: counterattacks gathered like the JP's assaults, retreat-path lookahead (steps a blocked
  or ZOC retreat costs the JP), a tighter defensive line that weighs river hexsides. (Retreat
  lookahead for the JP attacker was measured and made it weaker, so it is CW-only.)
  Hard plans the combat phase as a whole (:mod:`malaya.ai.combat_search`): every attacker set and
  air-point count against every target is rated by the expectation over its exact outcomes, and
  the combats and the one air-point budget are chosen together, searched again after each roll.
  Normal and hard count attack AP that no other combat this phase could use as free, since they
  would lapse unused at the end of the player-turn (R11.2).
  Since issue 18 they also plan the combat phase as a whole (:mod:`malaya.ai.combat_plan`: attackers
  claimed once, the attack AP shared as one budget by an exact knapsack over the phase's combats),
  attack at 1:1 or worse only when the exact outcome distribution pays (:func:`malaya.ai.combat.evaluate`),
  picket the JP supply road beside bypassed CW stacks (:mod:`malaya.ai.pickets`) and keep CW units
  near Singapore a way back to the island (:mod:`malaya.ai.island_path`); both sides weigh the
  historical landing at Kota Bharu on its exact assault odds (:mod:`malaya.ai.landing_assault`).
  ``river_line`` (the CW stands behind rivers facing the JP, :mod:`malaya.ai.river_line`) is built
  but off: over 30 seeds it cost the CW games at every bonus tried (hard CW vs baseline JP won 5
  with it, 12 without; normal CW vs normal JP 9 with it, 13 without).
  ``island_guard`` (hard; :mod:`malaya.ai.island_guard`): the CW Singapore garrison first holds every
  island hex facing the mainland across the strait or the causeway, so the JP must attack across the
  strait at half strength instead of walking onto the island and pushing the fortress stacks back across
  the strait into the swamp, where they starved (the stranded units watched in seeds 0-3); the causeway
  is blown once no CW unit near it is left on the mainland. Ladder, 30 seeds: hard CW vs baseline JP
  wins 12 -> 15, CW unit-turns stranded (median) 10 -> 9; vs normal JP 16 -> 19, stranded 10 -> 9.
  Most strandings left are fortress stacks pushed across the strait once the JP is on the island (R12.8).
  ``strand_return`` (hard; :mod:`malaya.ai.strand_return`): a CW unit out of supply on the mainland near
  Singapore moves first, back across the strait to a supplied island hex it can reach (else to the
  nearest supplied hex), and the CW units on a full island hex it needs step aside first. Ladder,
  baseline JP vs hard CW, 30 seeds: CW wins 18 -> 19, stranded unit-turns 206 -> 200 in all (median
  6 -> 6). Small because the island is usually full when it matters: its seven hexes take 4 points
  each (R4.1, fortress too in the campaign), and the stacks pushed into the swamp east of Johore Bahru
  can reach only the fortress hex at the causeway end, held at 4 by units with nowhere else to go.
  ``causeway_early`` (hard): the causeway goes once no CW unit stands beside its mainland end (not within
  4 hexes), so the JP cannot cross it at full strength while a brigade lingers near Johore Bahru (every
  hard-CW loss against baseline was Singapore falling, turns 20-28, the JP over the causeway onto the
  island, seed 11 turn 14). Ladder, 30 seeds, hard CW vs baseline JP: wins 18 -> 19, Singapore falls in
  13 -> 12, margin (median) -8 -> -10, stranded 6 -> 6.5. Tried, not kept: a garrison 1.5x / 0.67x /
  1.25x (with this) the usual size: 16, 16, 18 wins; CW counterattacks gathered from 1:1: 17 wins.
  Where the stranded unit-turns come from (30 seeds, baseline JP vs hard CW, 212 in all, ``/tmp/strand``
  script): 190 are island stacks pushed off the island by a retreat (R12.8: two hexes, each one farther
  from the combat hex, a third when the second is full), 87 from Sembawang, 44 from Singapore, 40 from
  Kallang, 24 from Seletar; 22 are units that stood on the mainland (Johore Bahru) when its supply went.
  Once the JP holds Seletar and Tengah the only island hex two hexes from Sembawang or Singapore is the
  east fortress hex (56,38); with it full (the CW brings about as many points as the island holds) the
  stack goes on into the swamp at (57,37) or (56,37), which no supply line reaches once Johore Bahru falls.
  Three knobs (hard, :mod:`malaya.ai.island_room`, :mod:`malaya.ai.strand_return`, :mod:`malaya.ai.island_path`):
  ``retreat_room``: a garrison unit pays 2.5 per stacking point of a CW island stack the JP can attack next
  turn that its move leaves with no island hex to retreat to. ``strand_block``: a stranded unit with no
  way home stands, first of its side, on a mainland hex where such a retreat would end: a full stack then
  has no legal retreat, loses two steps and holds its island hex (R12.8) instead of starving beside the
  first. ``strand_guard``: ending on the mainland near Singapore unsupplied, or at all once the causeway is
  blown, costs 8 (also for the garrison, so no unit steps aside into the swamp to make room), the blown
  causeway no longer counts as a way back (``island_path``), and a unit on the island never advances
  after combat onto the mainland (R12.9). Measured, baseline JP vs hard CW, 30 seeds (unit-turns in all,
  median a game, CW wins): before 212, 6.5, 19; all three 143, 5, 21; without ``retreat_room`` 198, 7, 20
  (with the causeway rule not yet in ``strand_guard``: all three 172, 5.5, 21); without ``strand_block``
  208, 6.5, 20; without ``strand_guard`` 195, 6, 22. Tried, not kept: room at 4.0 a point (191, 6.5, 21);
  a blocker paid half for joining another unit on the hex (148, 5, 21); ``strand_guard`` at 12 (136, 5,
  20); blockers also sent to where a retreat would end past the blockers already there (155, 5, 22).
  What is left (143): stacks pushed off Kallang and the east fortress hex in the last turns, whose
  retreats end on any of five swamp hexes, and the first stack pushed off Sembawang before any blocker
  stands in the swamp; the median target of 2 is not met.
  ``shore_strength`` (built, off on hard; :func:`malaya.ai.island_guard.shore_weight`): a garrison unit on a shore
  hex of the island is paid ``shore_strength`` times its defense strength now over 6 (a full brigade about 1) times
  the JP strength that can reach that hex next turn as a share of the most any shore hex faces. Watched (seeds 11
  and 15, baseline JP vs hard CW, both lost): the first island hex lost was the shore hex facing three mainland
  hexes (Johore Bahru among them), held by one brigade or a brigade and the SSVF while full-strength brigades stood
  in the fortress behind it or on quieter shore hexes (``retreat_room`` pays a unit 10 for leaving a full threatened
  stack); the JP took it at 1:1-3:1 with 3 AP, advanced, and attacked the fortress from the land side at full
  strength. The CW's counterattacks on that foothold are weak (its brigades attack at 3-4: four brigades made 14
  against 12). Measured, baseline JP vs hard CW (CW wins, stranded unit-turns median and in all), seeds 0-29: before
  21, 5, 143; weight 6: 21, 3, 118; seeds 30-59: before 12, 8.5, 233; weight 6: 15, 7, 183 (60 seeds: 33 -> 36 wins,
  inside the noise; stranded 376 -> 301 unit-turns, lower on both halves). Tried, not kept: weight 3 (18, 7.5, 168);
  weight 8 (0-29: 20, 5, 140; 30-59: 17, 7, 210); weight 10 (19, 3.5, 140); weight 6 without ``retreat_room`` (0-29:
  20, 6, 169; 30-59: 14, 6, 192); ``island_counter``, the worth of retaking an island hex in the CW's combat score,
  so that it counterattacks the JP foothold at once: 4.0 gave 20, 5, 165 (seed 15: it attacked at 1:1, four brigades
  making 14 against 12, and lost a step), 1.5 gave 21, 5, 163.
  Measured again once the CW delaying knobs below (``exposure_relief``, ``counter_threshold``,
  ``final_stand_mp``) were in, it no longer helped: seeds 0-29 22 wins, stranded median 4.5 with it and 23, 4
  without; seeds 30-59 24, 7 with it and 22, 5 without (60 seeds: 46 and 45 wins, the same within noise, and
  more strandings with it). So hard leaves it off.
  The normal JP also lets attack AP that would lapse make a combat worth declaring (``air_declares``):
  a combat is judged with its AP free, since unused AP are lost at the end of the player-turn (R11.2).
  (Measured on hard over 12 seeds it changed nothing against hard and added ≤ 1:1 combats against
  baseline, so hard leaves it off.)
  The hard JP also weighs its supply line against the CW's next move (``supply_guard``,
  :mod:`malaya.ai.supply_guard`): ending where a known CW stack could cut its line next turn costs,
  and a unit standing on the road, or on a bypassed stack's way to it, that keeps the spearhead's
  line open is paid per unit kept. Measured over 30 seeds, hard JP vs baseline CW: JP wins 18 → 25,
  most JP units unsupplied at one Supply phase (median) 8 → 2 (hard JP vs hard CW over 12 seeds: 7.5 → 0).
  (On normal vs normal over 30 seeds it gave unsupplied 8 → 6, JP wins 17 → 17, Singapore's fall turn
  24 → 26, so normal leaves it off.)
  Hard JP's attacks at a 1:1-or-worse CRT column (after terrain) pass the low-odds rule in the combat
  search too (``low_odds_rule``, :mod:`malaya.ai.low_odds`): the exact expectation of steps both
  ways plus the chance of taking the hex times its victory worth must be above 0, and the W
  explanation says so in plain words ("at 1:1 only because the dice pay: on average the enemy loses
  0.7 steps and we lose 0.2, ..."); what remains at 1:1 is almost all with 3 AP (+3 to the die), which
  the dice pay for. Hard JP also gathers for two attacks when its attack AP allow
  (``assault_air_goal=2.0``, :mod:`malaya.ai.assault`): where 3 AP can be added it gathers to about 2:1
  instead of 3:1, and the units left over make a second attack that takes the other AP. Measured,
  hard JP vs baseline CW, 30 seeds (2026-11-26): before 18 wins, AP expired 64 %, <=1:1 19 % by
  strength / 48 % by column, KL by turn 13 in 29 games, Singapore by 24 in 19; with the low-odds rule
  alone 13 wins (games reshuffle: per-seed margins are uncorrelated, so +-5 wins is noise), same
  shares; with both 25 wins, expired 60 %, <=1:1 19 % / 42 %, KL by 11 in 30, Singapore by 23 in 28
  (assault_air_goal 1.5: 24 wins, 59 %, 43 %; a 0.5-step margin on the rule: 25 wins, 65 %, 32 %).
  On normal the two-attack gathering was worse (normal JP vs normal CW, 30 seeds: 14 wins, not 17;
  expired 68 %, not 63 %), so normal leaves both off. Most of the AP still lapsing cannot be spent by
  the combat modules: over 10 seeds a third of the lapsed JP AP came in turns with no CW stack in
  contact and a quarter in turns whose only contacts were beyond air range (R11.5: the campaign's
  range is 14 hexes and Ipoh to Kuala Lumpur is 20; the far landings in Johore are out of range),
  the rest above the 3-a-combat cap (R11.3) in turns with one contact. Tried and not kept (hard JP vs
  baseline CW, 30 seeds, with both knobs on): the AP beyond 3 per reachable CW stack put in defense
  (25 wins, expired 61 %: the CW attacks too rarely to use them); gathering with 3 AP only for
  estimated odds of 1.5 or more (24 wins, expired 62 %, <=1:1 41 % by column).
  Hard also searches its Movement phase (``move_plan_budget``, :mod:`malaya.ai.move_planner`): plans
  of one destination per unit, seeded with the heuristic plan and evolved (crossover; mutations among
  each unit's four best-scored destinations, units in trouble first), each rated by its heuristic
  scores plus the position it leaves (:mod:`malaya.ai.plan_eval`: both sides' supply by the engine,
  the exact worth of next phase's attacks on known stacks, the losses the enemy's reply could inflict,
  a hidden stack weighed weaker, as estimated and stronger, and the objectives held). 24 plans a
  phase, counted and seeded. Against baseline over 30 seeds it won JP 18 → 19, CW 12 → 20
  (CW unit-turns stranded 11.5 → 9.5), at 0.07-0.08 s CPU per player-turn (0.03 before); 64 plans did no
  better over 12 seeds (JP 5, CW 8 of 12, against 8 and 9 with 24). Once the JP's supply guard and
  air contact were in, the search cost the JP: hard JP vs baseline CW over 30 seeds won 24 with it and
  30 without (2026-11-26), so only the CW searches (``move_plan_jp`` turns it on for the JP).
  The hard JP also moves to give its AP somewhere to go (``air_contact``, :mod:`malaya.ai.air_contact`):
  ending next to a known CW stack within air range of a JP-controlled airfield (R11.5) is paid
  ``air_contact`` times how near an even attack the contact gets, 2.5 times that for a new contact
  when another stack in range is already in contact (the AP above a combat's 3, R11.3, need a
  second combat), half for joining a contact already made, and half a contact for taking a CW
  airfield (range is read from hex control, so a captured airfield is a JP airfield at once).
  Measured, hard JP vs baseline CW, 30 seeds (2026-11-26): before 26 wins, AP expired 61 %,
  <=1:1 22 % by strength / 49 % by column, most JP units unsupplied (median) 4.5; with it 30 wins,
  expired 58 %, <=1:1 15 % / 40 %, unsupplied 2, KL by 13 in 30, Singapore by 23 in 30 (weight 5:
  28 wins, 57 %, unsupplied 4; a second contact at 1.5x: 28 wins, 57 %; landings within air range
  paid 1.0 more: the same 30 games, so not kept). Hard JP vs hard CW with it: 29 wins, expired 59 %,
  unsupplied 2. The AP still lapse mostly where no contact can be in range: turns 8-12, the CW
  between Ipoh and Kuala Lumpur (20 hexes, range 14) and at Kuantan (29 hexes from any JP
  airfield), and turns with one CW stack in range.
  Why hard JP's combats still sit at a 1:1-or-worse CRT column (6 seeds, 61 of 149, 2026-11-26): the
  campaign has no column shifts, so every one is a strength ratio below 1.5 after terrain and river
  (R12.3-R12.4): 44 at 1-1.4, 17 at 1:2 (nearly all on Singapore island's fortress hexes, 26 of the 61
  there, half across the strait); 56 carried 3 AP; none had a better column with every eligible unit
  in it (the combat search leaves no one out) and the estimated defense matched the true one, but only
  10 of 33 gathered ones had all their committed units arrive. Tried and not kept (hard JP vs baseline
  CW): paying a committed unit 8 more for ending beside its target (12 seeds: 9 -> 11 wins, expired
  60 -> 56 %, column share 39 -> 40 %; 30 seeds: 29 wins, expired 57 %, 42 %, unsupplied 4.5, against
  30, 58 %, 40 %, 2 without); with a 0.5-step low-odds margin as well, 27 % but expired 62 % and
  unsupplied 5.5 (12 seeds); assault_air_goal 2.5 with it, 42 %. A 1:1 attack with 3 AP rolls EX, DR,
  DR, D1R, D1R, D1R: the dice pay for it, so cutting the share costs AP unless more units arrive.
  Air points, second pass (issue 18 target: JP AP lapsed <= 20 %; 2026-11-26), three JP knobs on hard.
  ``air_topup`` (:func:`malaya.ai.combat_search.top_up`): the attack AP the phase plan leaves over go to its
  combats, best first, up to 3 each: they lapse anyway (R11.2) and a higher roll is never worse on the CRT
  (R12.6), while the rated worth can put a blocked retreat above the elimination a higher roll brings, so
  4:1-6:1 attacks went in with 0-1 AP and 3-5 lapsed beside them. ``contact_airfields``
  (:mod:`malaya.ai.air_contact`): a CW airfield a JP unit can enter is worth one contact per CW stack (at
  most two) its capture brings into air range, not a flat half contact (control changes at the end of the
  Movement phase, R3.3, in time for the Combat phase), and later moves count the range of the airfields
  already entered. ``contact_odds=1.5``: a contact counts once its attackers reach 1.5:1 by estimate (the
  unit that gets it there is paid a contact, 2.5 times that for a second one; one still short half its
  share of the way), since below 1:1 the low-odds rule declines even with 3 AP and a lone regiment beside
  a brigade it cannot attack leaves its AP nowhere to go. Measured, hard JP vs baseline CW, 30 seeds:
  before 30 wins, AP expired 58 %, floor 30 %, <=1:1 15 % by strength / 40 % by column, unsupplied 2;
  air_topup 30, 54 %, 30 %, 16 % / 41 %, 2; with contact_airfields 28, 53 %, 21 %, 19 % / 45 %, 2 (KL by 11,
  Singapore by 21.5); with contact_odds as well 29, 51 %, 20 %, 17 % / 42 %, 3. On seeds 30-59 before/after:
  29/30 wins, 57 %/52 % expired, floor 30 %/19 %, 15 %/16 % and 43 %/38 % <=1:1, unsupplied 2/2; 0.06 s
  per player-turn. Tried, not kept: contact_odds 1.0 with the airfields (25 wins, 51 %, <=1:1 23 % / 48 %);
  contact_odds 2.0 (29 wins, 50 %, 18 % / 43 %, unsupplied 2.5: the same within noise); contact_odds 1.5
  without the airfields (26 wins, 56 %); air_contact 4.0 with all three (26 wins, 53 %); the second
  contact paid 4 times, not 2.5 (29 wins, 51 %); a unit gathering against a stack in range paid a full
  contact (10 seeds: 55 % either way).
  Why 20 % is out of reach (seeds 0-9 with the three knobs: 1364 AP received, 687 lapsed): at the start
  of each JP Movement phase, counting every CW stack within air range of a JP airfield or of a CW airfield
  some JP unit can enter that turn, and beside which some JP unit can end its move, 3 AP per such stack
  (R11.3) leave 273 AP (20 %) that no play could spend, 132 of them in 22 turns with no such stack at all
  (the CW line 17 hexes from Ipoh with Kuala Lumpur still held in turns 9-12 of seed 0; Ipoh to Kuala
  Lumpur is 20, range 14). That count is generous: one unit beside a 12-factor brigade counts, though it
  could not attack it at 1:1. By what happened: 132 lapsed in the 22 turns with no such stack; 168 in 28
  turns where one was reachable but no unit ended in contact within range (the contact hexes unsupplied,
  a unit repairing the road's bridge, or worth less than supply and progress); 84 in 14 turns with
  contacts none of which was attacked (nearly all at 1:2 or below: 1:2 with 3 AP rolls AR, EX and four
  DR, which the low-odds rule declines); 302 in 112 turns with one air-supported attack, above the 3 AP
  it may take (in 32 of them only one stack was reachable); nothing in the 57 turns with two.
  Why the committed units did not arrive (seeds 0-1, watched move by move): the assault planner counted
  every unit that could reach *some* hex beside the target, but often only one or two such hexes were
  reachable and each takes two JP regiments (4 stacking points, R4.1), so six were committed where two
  fitted; and a committed unit with room was often outbid by pushing on toward Singapore (0.35 a hex
  of progress against the assault bonus of 3). Three knobs (hard JP; hard JP vs baseline CW, 30 seeds,
  2026-11-26, before: 30 wins, AP lapsed 58 %, <=1:1 15 % by strength / 40 % by column of 639 combats):
  ``assault_room`` (:mod:`malaya.ai.assault_room`): the planner gives each committed unit a hex of its
  own beside the target (where its attack is strongest: not across a river or the strait if it can
  help it), every own unit counting where it stands until a plan moves it, counts only the units
  that fit, leaves out a unit staying to repair a supply-road bridge (R7.7), and the committed units
  move first with 1.0 more for their own hex (28 wins, 61 %, 14 % / 35 % of 667); ``assault_pull``
  (6.0): a committed unit is paid that much more, times the share of its attack it keeps there, for
  ending beside its target (with room: 3.0 gave 28 wins, 59 %, 37 %; 6.0 29, 57 %, 34 %; 10.0 29,
  56 %, 34 %); ``low_odds_wait`` (:mod:`malaya.ai.low_odds_wait`): the search makes no attack at a
  1:1-or-worse column while the own units within 3 hexes, on the free room beside the target, would
  make it 3:2 next turn (room and wait: 26 wins, 64 %, 30 %). All three: 28 wins, AP lapsed 59 %,
  <=1:1 10 % / 28 % of 640, KL by 11 in 30, Singapore by 23 in 29, margin 16 (13.5 before), most
  unsupplied 2, 0.043 s per player-turn (seeds 30-59: 28 wins, 59 %, 33 %, against 29, 57 %, 43 %
  without the three; hard JP vs hard CW, 12 seeds: 11 wins, margin 17, 59 %, 29 %, against 12, 9.5, 61 %,
  36 %); with the pull at 10, 27 wins, 58 %, 31 %; counting units within 4 hexes for the
  wait, 28 wins, 61 %, 29 %; waiting only for 2:1, 30 wins, 58 %, 33 %; island_least 1.0 as well
  (gather for the island only at 1:1 with full air),
  29 wins, 60 %, 27 %, within the noise, so not kept. In seeds 2-7, 83 of 127 gathered attacks had every
  committed unit arrive (10 of 33 in 6 seeds before). What is left at 1:1 or worse there (42 of 132):
  6 are the turn-1 Kota Bharu landing (one regiment, which must attack, R9.6), 20 are on Singapore
  island (two regiments fit beside a fortress hex, the strait halves the attack from the mainland,
  R5.2), 16 elsewhere, mostly one regiment at 8:6 with 3 AP and no one near enough to wait for.
  Together (2026-11-26, hard JP vs baseline CW, 30 seeds) the air knobs and the gathering knobs pulled
  against each other: with all of them 27 wins, AP lapsed 52 %, <=1:1 14 % / 34 %, most JP units
  unsupplied (median) 4; without ``contact_airfields`` 25, 56 %, 9 % / 29 %, 2.5; without it and
  ``contact_odds`` (``air_topup`` and the three gathering knobs) 28, 55 %, 9 % / 28 %, 2. Hard keeps the
  last: the airfield and contact-odds knobs stay built and tested but off, since they cost the supply line
  (a met target) for 3 points of lapsed AP.
  Tried and not kept, on top of all this: attacks at a 1:1-or-worse column only against victory hexes (or
  when forced, R9.6): 21 wins, AP lapsed 62 %, <=1:1 13 % / 18 %, unsupplied 4 (30 seeds, against 28, 55 %,
  9 % / 28 %, 2): the 1:1 attacks whose dice pay are worth their place.
  The hard CW trades space for time and strikes back more (``exposure_relief`` 0.4, ``counter_threshold``
  0.4; tests/ai/test_ai_cw_delay.py): where it ends its move it weighs the steps a stack could lose to the
  JP's reachable attack (:func:`malaya.ai.movement.loss_risk`) at 60 %, so it holds a city or a line the JP
  could hit at about 3:1 instead of falling back at the first threat, and its combat search declares a
  counterattack worth more than 0.4 steps on the exact outcome distribution (0.8 before: a 3:2 in the
  open, A1, A1, EX, DR, DR, D1R, is worth 0.44 and is now made). Measured, baseline JP vs hard CW
  (the ladder's pairing, 2026-11-26): seeds 0-29, CW wins 19 -> 22, margin (median) -10 -> -19.5,
  Singapore falls in 12 -> 8, stranded 6.5 -> 6; on fresh seeds 30-59, 11 -> 19 (Singapore falls in
  19 -> 11). Each alone on seeds 0-29: the relief 21 (margin -17.5), the threshold 21 (-13.5).
  Tried and not kept (seeds 0-29, CW wins out of 30). Alone: the exact loss instead of the table, from
  the CRT with 3 JP attack AP where JP air reaches and the CW's defense AP (a more cautious CW): 11;
  the garrison gathering counterattacks against JP stacks on Singapore island: 19 (margin -12.5); the
  Movement search paying 1.5 instead of 0.4 per JP step it cuts off from supply: 17; relief 0.7: 15.
  With the threshold: relief 0.25 / 0.5: 21 / 20. With both: threshold 0.2 / 0.6: 20 / 20; the contact
  bonus 1.2 instead of 0.8: 19; each MP given up near the JP costing 0.25 instead of 0.15: 19; bridges
  blown once a JP stack is within 14 hexes instead of 8: 13 (within 4: 12); the relief on the Movement
  search's exposure too: 18. Over 30 seeds the games reshuffle (+-4 wins is noise), but the fresh seeds
  agree, and every more careful CW tried did worse: space is time.
  ``final_stand_mp`` (hard CW, 4): every unit goes back to Singapore island once the JP main body is 4 MP
  from it, not 6, so the mainland units fight a turn longer. Seeds 0-29 with the two above: 22 -> 23
  wins (margin -19.5 -> -18, Singapore falls in 8 -> 7); seeds 30-59: 19 -> 19 (margin -11.5 -> -13).
  Within noise: 9 MP also won 23 on seeds 0-29. Normal JP vs hard CW, seeds 0-29, all three knobs off
  and on: 21 -> 23 CW wins (Singapore falls in 9 -> 7).
- **baseline**: the hard level as it stood when the AI ladder was built (issue 18), frozen so
  that ``benchmarks/ai_ladder.py`` measures every later level against the same opponent. Do not
  retune it; change ``hard`` instead.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """Knobs of one AI level (see module docstring)."""

    name: str
    noise: float  # random score perturbation (0 = none)
    use_air: bool  # allocate AP by plan and add AP to combats
    coordinate: bool  # share attackers and AP across targets
    retreat_lookahead: bool  # CW: value the losses a blocked/EZOC retreat would cost the JP
    demolish: bool
    landing_depth: float  # how far (MP) ahead of the JP front a landing may go
    rivers: bool  # CW line weighs river hexsides in front
    min_attack_score: float  # declare a combat only above this expected score
    counterattack: bool  # CW may attack at all
    assault_goal: float = 0.0  # JP: odds to gather attackers for around enemy stacks (0 = no gathering)
    counter_goal: float = 0.0  # CW: the same for counterattacks by units not holding Singapore
    counter_least: float = 2.0  # CW: lowest estimated odds worth gathering a counterattack for
    map_landings: int = 0  # JP: a map-port unit may ship to land further south while fewer sea moves were made
    jp_loss: float = 1.1  # JP: what one of its own steps lost costs in the combat score (each is a CW VP, R15.3)
    island_value: float = 0.0  # JP: extra worth of taking a hex of Singapore island (combat score, assault choice)
    island_least: float = 0.0  # JP: odds worth gathering for against the island with full AP (0 = as elsewhere)
    lapsing_air_free: bool = False  # attack AP no other combat this phase could use cost nothing (they lapse, R11.2)
    air_budget: bool = False  # plan the combat phase as a whole, attack AP one budget at no other cost (combat_plan)
    even_odds_rule: bool = False  # no attack at 1:1 or worse unless its outcome distribution pays (combat.evaluate)
    pickets: bool = False  # JP: a spare unit pickets the supply road beside each bypassed CW stack (ai.pickets)
    island_path: bool = False  # CW: near Singapore, keep a way back to the island the JP cannot cut (ai.island_path)
    air_declares: bool = False  # attack AP that would lapse may make a combat worth declaring (combat_plan, R11.2)
    combat_search: bool = False  # plan the whole combat phase by expectation over exact outcomes (ai.combat_search)
    river_line: bool = False  # CW: stand behind river hexsides facing the nearest JP units (ai.river_line)
    contest_landing: bool = False  # CW: hold the historical landing port on turns 1-2 while its assault is poor for JP
    historical_landing: bool = False  # JP: make the historical first landing when its exact assault odds pay
    supply_guard: bool = False  # JP: weigh supply against the CW's next move, guard the road behind (ai.supply_guard)
    assault_air_goal: float = 0.0  # JP: gather only to these odds where 3 AP can be added (two attacks, ai.assault)
    low_odds_rule: bool = False  # JP search: attack at 1:1 or worse only if its dice pay (ai.low_odds)
    move_plan_budget: int = 0  # plans the Movement-phase search may rate (0 = the heuristic plan; ai.move_planner)
    move_plan_jp: bool = False  # the JP searches its Movement phase too (by default only the CW does)
    island_guard: bool = False  # CW: the Singapore garrison holds every island shore hex, then blows the causeway
    air_contact: float = 0.0  # JP: pay for ending next to a CW stack within air range (ai.air_contact, R11.5)
    strand_return: bool = False  # CW: an unsupplied unit near Singapore goes back to a supplied island hex first
    causeway_early: bool = False  # CW (island_guard): only units beside the causeway's mainland end keep it up
    air_topup: bool = False  # JP search: attack AP the plan leaves over go to its combats (they lapse, R11.2)
    contact_airfields: bool = False  # JP (air_contact): range as airfields are taken in the phase; a CW airfield
    # is worth the stacks it brings into range (ai.air_contact, R11.5)
    contact_odds: float = 0.0  # JP (air_contact): a contact counts once its attackers reach these estimated odds
    retreat_room: bool = False  # CW garrison: leave island retreat room for threatened island stacks (ai.island_room)
    strand_block: bool = False  # CW: a stranded unit with no way home stands where island retreats would leave it
    strand_guard: bool = False  # CW: ending unsupplied on the mainland near Singapore costs more (ai.island_path)
    assault_room: bool = False  # JP: gather only attackers that fit beside a target; they move first (ai.assault_room)
    assault_pull: float = 0.0  # JP: paid on top of the assault bonus to a committed unit ending beside its target
    low_odds_wait: bool = False  # JP search: no 1:1-or-worse attack while units near could make it 3:2 next turn
    exposure_relief: float = 0.0  # CW: share off the cost of the steps a stack could lose where it ends (score_cw)
    counter_threshold: float = 0.0  # CW combat search: worth a counterattack must exceed (0 = combat_search's 0.8)
    final_stand_mp: float = 0.0  # CW: every unit back to Singapore island once the JP body is this near (0 = 6 MP)
    shore_strength: float = 0.0  # CW garrison: pay strong units to hold the most threatened shore (ai.island_guard)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", noise=3.0, use_air=False, coordinate=False, retreat_lookahead=False, demolish=False,
                  landing_depth=0.0, rivers=False, min_attack_score=-0.6, counterattack=False),
    "normal": Level("normal", noise=0.0, use_air=True, coordinate=False, retreat_lookahead=False, demolish=True,
                    landing_depth=14.0, rivers=False, min_attack_score=0.05, counterattack=True, assault_goal=3.0,
                    lapsing_air_free=True, air_budget=True, even_odds_rule=True, pickets=True, island_path=True,
                    air_declares=True, contest_landing=True, historical_landing=True),
    "hard": Level("hard", noise=0.0, use_air=True, coordinate=True, retreat_lookahead=True, demolish=True,
                  landing_depth=26.0, rivers=True, min_attack_score=0.0, counterattack=True, assault_goal=3.0,
                  counter_goal=2.0, counter_least=1.5, map_landings=1, island_value=4.0, island_least=0.5,
                  jp_loss=1.5, lapsing_air_free=True, air_budget=True, even_odds_rule=True, pickets=True,
                  island_path=True, combat_search=True, contest_landing=True,
                  historical_landing=True, supply_guard=True, low_odds_rule=True, assault_air_goal=2.0,
                  move_plan_budget=24, island_guard=True, air_contact=2.5, strand_return=True,
                  causeway_early=True, air_topup=True,
                  retreat_room=True, strand_block=True, strand_guard=True,
                  assault_room=True, assault_pull=6.0, low_odds_wait=True,
                  exposure_relief=0.4, counter_threshold=0.4, final_stand_mp=4.0),
    "baseline": Level("baseline", noise=0.0, use_air=True, coordinate=True, retreat_lookahead=True, demolish=True,
                      landing_depth=26.0, rivers=True, min_attack_score=0.0, counterattack=True, assault_goal=3.0,
                      counter_goal=2.0, counter_least=1.5, map_landings=1, island_value=4.0, island_least=0.5,
                      jp_loss=1.5),
}


def level(name: str) -> Level:
    """The level called ``name`` (easy, normal, hard, baseline)."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown AI level {name!r}; choose one of {', '.join(LEVELS)}") from None
