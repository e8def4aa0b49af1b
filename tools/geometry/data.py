# Geographic data for the standard board, lon/lat (degrees E, N), written from general geographic knowledge.
# Junctions are named; chains list the border between two regions as junction ... anonymous points ... junction.
# Frame junctions: (side, lon, lat): projected, then snapped onto that side of the frame.

J = dict(
    # --- British Isles
    wrath=(-5.0, 58.62), clyedi_n=(-3.95, 58.6), dunnet=(-3.1, 58.64), edi_yor_c=(-2.0, 55.78),
    edi_yor_lvp=(-2.4, 55.2), cly_edi_lvp=(-3.6, 55.7), cly_lvp_c=(-4.65, 55.47), lvp_wal_c=(-3.05, 53.35),
    lvp_wal_yor=(-2.0, 53.1), wal_yor_lon=(-1.3, 52.35), yor_lon_c=(0.25, 52.85), lon_eng_nth=(1.42, 51.2),
    wal_lon_c=(-1.8, 50.72), landsend=(-5.7, 50.07), eng_iri_mao=(-6.6, 49.5), ushant=(-4.8, 48.42),
    fairhead=(-6.15, 55.22), corsewall=(-5.15, 55.0), mizen=(-9.75, 51.45), valentia=(-10.3, 51.9),
    nao_mao_f=("L", -24.5, 50.3), nao_nwg_f=("T", -9, 71.5), nwg_nth_nwy=(5.0, 61.6),
    northcape=(25.8, 71.1), nwg_bar_f=("T", 21, 72.6),
    # --- Scandinavia, Baltic
    nwy_swe_c=(11.5, 59.2), nth_ska_nwy=(5.8, 58.7), nth_ska_den=(8.2, 56.75), nwy_swe_fin=(20.55, 69.05),
    nwy_fin_stp=(28.9, 69.05), nwy_stp_c=(30.9, 69.75), swe_fin_c=(24.15, 65.83), fin_stp_c=(29.7, 60.25),
    lvn_stp_c=(28.0, 59.45), bal_bot_swe=(18.9, 59.85), bal_bot_lvn=(23.45, 59.0), ska_den_swe=(12.62, 56.04),
    bal_den_swe=(12.7, 55.62), den_kie_w=(8.6, 55.25), den_kie_e=(9.75, 55.1), hel_nth_den=(8.08, 55.56),
    hel_nth_hol=(5.3, 53.4), hol_kie_c=(7.2, 53.25), kie_ber_c=(11.5, 54.0), ber_pru_c=(17.5, 54.75),
    pru_lvn_c=(21.07, 55.87), bar_stp_f=("T", 49.5, 69.0),
    # --- Low Countries, France, Iberia
    bel_hol_c=(3.37, 51.37), eng_nth_bel=(2.75, 51.17), pic_bel_c=(2.2, 51.02), bre_pic_c=(-0.2, 49.3),
    bre_gas_c=(-1.95, 46.85), gas_spa_c=(-1.78, 43.37), spa_por_n=(-8.87, 41.87), spa_por_s=(-7.4, 37.17),
    gib=(-5.4, 36.12), ceuta=(-5.35, 35.86), ebro=(0.87, 40.7), mar_spa_c=(3.17, 42.43), mar_pie_c=(7.5, 43.78),
    # --- Italy and the western Mediterranean
    pie_tus_c=(10.0, 44.05), lyo_tys_tus=(10.5, 43.0), capcorse=(9.4, 43.0), bonif_c=(9.15, 41.4),
    sard_n=(9.2, 41.2), sard_w=(8.4, 39.75), sard_s=(9.0, 38.95), bizerte=(9.85, 37.3), tun_naf_c=(8.65, 36.95),
    capebon=(11.05, 37.08), marsala=(12.43, 37.8), messina_s=(15.45, 38.25), messina_n=(15.75, 38.15),
    tus_rom_c=(11.2, 42.42), rom_nap_c=(13.55, 41.22), nap_apu_c=(16.9, 40.4), otranto=(18.5, 40.15),
    apu_ven_c=(14.2, 42.45), ven_tri_c=(13.4, 45.72), tri_alb_c=(19.3, 41.95), karaburun=(19.35, 40.45),
    # --- Greece, Turkey, Black Sea, Levant
    alb_gre_c=(20.2, 39.6), maleas=(23.2, 36.44), crete_w=(23.55, 35.55), crete_e=(26.3, 35.3),
    crete_s=(24.75, 34.93), gre_bul_c=(23.75, 40.75), bul_con_s=(26.05, 40.72), con_smy_c=(26.1, 39.5),
    aeg_eas_smy=(28.1, 36.75), smy_syr_c=(34.65, 36.8), syr_afr_c=(32.3, 31.25), ion_eas_afr=(23.2, 32.45),
    tun_afr_c=(11.5, 33.17), bul_con_n=(28.0, 41.98), bul_rum_c=(28.58, 43.74), rum_sev_c=(29.7, 45.3),
    sev_arm_c=(41.55, 41.55), arm_ank_c=(36.4, 41.3), ank_con_c=(30.6, 41.12),
    # --- frame on the right, bottom
    stp_mos_f=("R", 62.8, 60.0), mos_sev_f=("R", 53.3, 52.0), sev_arm_f=("R", 45.5, 41.0), arm_syr_f=("R", 43.0, 37.0),
    syr_afr_f=("B", 32.5, 28.5), afr_tun_f=("B", 10.5, 31.0), tun_naf_f=("B", 8.0, 31.0),
    naf_mao_f=("L", -11.6, 28.7),
    # --- inland junctions
    bre_pic_par=(0.6, 49.1), bre_par_gas=(0.3, 47.1), pic_par_bur=(3.4, 49.35), par_gas_bur=(3.4, 46.8),
    gas_bur_mar=(4.2, 45.6), mar_gas_spa=(1.4, 42.6), mar_bur_swi=(6.1, 46.15), mar_pie_swi=(6.95, 45.9),
    pic_bel_bur=(3.8, 50.2), bel_bur_ruh=(6.0, 49.8), bel_hol_ruh=(6.0, 51.05), hol_ruh_kie=(7.0, 52.2),
    bur_ruh_mun=(7.4, 49.2), bur_mun_swi=(7.6, 47.58), ruh_kie_mun=(8.8, 51.5), kie_mun_ber=(11.3, 52.0),
    mun_ber_sil=(14.2, 51.5), mun_sil_boh=(14.8, 50.85), ber_pru_sil=(16.6, 52.9), pru_sil_war=(18.3, 52.4),
    pru_war_lvn=(22.8, 54.35), sil_war_gal=(19.3, 50.3), boh_sil_gal=(18.6, 49.85), mun_tyr_swi=(9.55, 47.52),
    mun_boh_tyr=(13.7, 48.6), boh_tyr_vie=(14.2, 48.6), boh_vie_gal=(18.2, 49.5), vie_gal_bud=(19.1, 49.35),
    tyr_vie_tri=(15.0, 46.6), vie_bud_tri=(16.6, 46.45), tyr_tri_ven=(13.4, 46.5), pie_tyr_ven=(10.6, 45.85),
    pie_tyr_swi=(10.15, 46.4), pie_tus_ven=(10.3, 44.4), tus_ven_rom=(12.1, 43.3), ven_rom_apu=(13.5, 42.35),
    rom_apu_nap=(14.9, 41.5), tri_bud_ser=(19.3, 45.0), bud_ser_rum=(22.4, 44.65), tri_ser_alb=(20.1, 42.9),
    ser_alb_gre=(21.3, 41.0), ser_gre_bul=(22.6, 41.3), ser_bul_rum=(22.7, 44.2), bud_rum_gal=(25.0, 47.75),
    gal_rum_ukr=(26.6, 48.3), war_gal_ukr=(24.1, 50.6), ukr_sev_rum=(27.5, 47.6), war_ukr_mos=(28.5, 52.3),
    lvn_war_mos=(27.5, 54.0), lvn_mos_stp=(29.5, 56.8), mos_ukr_sev=(36.0, 50.5), ank_smy_arm=(35.5, 40.0),
    arm_smy_syr=(35.6, 38.2), con_ank_smy=(30.8, 40.5),
)

CHAINS = """
# ---------------- Great Britain
NWG CLY: wrath -4.5,58.56 clyedi_n
NWG EDI: clyedi_n dunnet
NTH EDI: dunnet -3.0,58.4 -3.3,58.05 -3.1,57.8 -1.7,57.72 -1.4,57.45 -1.8,57.05 -2.2,56.7 -2.45,56.45 -2.3,56.25 -2.8,56.08 -2.3,55.98 -2.0,55.9 edi_yor_c
NTH YOR: edi_yor_c -1.6,55.5 -1.42,55.0 -1.2,54.65 -0.6,54.48 -0.1,54.12 0.12,53.6 0.35,53.15 yor_lon_c
NTH LON: yor_lon_c 0.55,52.97 1.3,52.93 1.73,52.6 1.6,52.1 1.0,51.75 0.6,51.52 0.9,51.42 1.45,51.37 lon_eng_nth
ENG LON: lon_eng_nth 1.3,51.1 0.97,50.92 0.25,50.74 -0.8,50.73 -1.4,50.78 wal_lon_c
ENG WAL: wal_lon_c -2.45,50.55 -2.9,50.7 -3.45,50.6 -3.64,50.22 -4.2,50.35 -5.0,50.0 -5.2,49.96 landsend
IRI WAL: landsend -5.45,50.22 -5.0,50.42 -4.55,51.0 -4.2,51.1 -3.4,51.2 -2.95,51.35 -2.65,51.55 -3.2,51.45 -3.9,51.6 -4.3,51.57 -5.05,51.68 -5.3,51.88 -4.9,52.05 -4.15,52.35 -4.1,52.75 -4.5,52.85 -4.75,52.8 -4.35,53.1 -4.6,53.3 -4.05,53.3 -3.6,53.3 lvp_wal_c
IRI LVP: lvp_wal_c -3.05,53.55 -3.05,53.85 -2.85,54.1 -3.25,54.1 -3.6,54.5 -3.55,54.7 -3.4,54.92 -3.6,54.88 -4.05,54.8 -4.4,54.68 -4.86,54.63 -5.12,54.85 corsewall
NAO LVP: corsewall -4.86,55.25 cly_lvp_c
NAO CLY: cly_lvp_c -5.0,55.9 -5.7,55.95 -5.8,56.4 -6.3,56.72 -6.0,57.0 -6.6,57.2 -6.4,57.6 -5.9,57.9 -5.5,58.3 wrath
CLY EDI: clyedi_n -4.0,57.5 -3.9,56.6 -3.75,56.1 cly_edi_lvp
CLY LVP: cly_edi_lvp -4.3,55.6 cly_lvp_c
EDI LVP: cly_edi_lvp -3.3,55.45 edi_yor_lvp
EDI YOR: edi_yor_lvp -2.2,55.5 edi_yor_c
LVP YOR: edi_yor_lvp -2.1,54.5 -1.8,53.7 lvp_wal_yor
LVP WAL: lvp_wal_yor -2.8,53.2 lvp_wal_c
WAL YOR: lvp_wal_yor -1.8,52.7 wal_yor_lon
YOR LON: wal_yor_lon -0.5,52.6 yor_lon_c
WAL LON: wal_yor_lon -1.5,51.6 -1.9,51.1 wal_lon_c
# ---------------- Ireland and the seas around Britain
NAO IRE: fairhead -6.5,55.25 -7.0,55.2 -7.35,55.38 -8.3,55.15 -8.5,54.6 -8.6,54.3 -9.2,54.25 -10.0,54.25 -10.1,53.95 -9.9,53.55 -10.2,53.4 -9.1,53.2 -9.5,52.9 -9.93,52.56 -9.7,52.3 -10.45,52.15 valentia
MAO IRE: valentia -10.0,51.65 mizen
IRI IRE: mizen -8.9,51.55 -8.3,51.8 -7.0,52.13 -6.37,52.17 -6.0,52.95 -6.1,53.35 -6.25,53.7 -6.35,53.98 -5.65,54.22 -5.45,54.4 -5.7,54.7 -5.85,55.0 fairhead
NAO IRI: fairhead corsewall
IRI MAO: mizen -8.0,50.6 eng_iri_mao
ENG IRI: eng_iri_mao landsend
ENG MAO: eng_iri_mao ushant
NAO MAO: valentia -15,51.3 nao_mao_f
NAO NWG: wrath -7.5,60.5 -9.5,64.0 nao_nwg_f
NWG NTH: dunnet -1.5,60.0 1.5,61.0 nwg_nth_nwy
NTH ENG: lon_eng_nth eng_nth_bel
NTH SKA: nth_ska_den nth_ska_nwy
NTH HEL: hel_nth_hol 6.5,54.3 hel_nth_den
NWG BAR: northcape 24.0,72.0 nwg_bar_f
# ---------------- Continental coast, Spain to Norway
MAO SPA: spa_por_n -8.75,42.25 -9.3,42.88 -8.4,43.37 -7.68,43.79 -7.0,43.55 -5.85,43.66 -3.8,43.47 -2.93,43.35 gas_spa_c
MAO GAS: gas_spa_c -1.5,43.5 -1.3,44.3 -1.25,44.65 -1.1,45.55 -1.15,46.15 bre_gas_c
MAO BRE: bre_gas_c -2.2,47.25 -3.1,47.5 -3.4,47.72 -4.37,47.8 -4.75,48.04 ushant
ENG BRE: ushant -4.6,48.6 -3.98,48.73 -2.75,48.55 -2.0,48.65 -1.5,48.65 -1.6,48.85 -1.85,49.68 -1.25,49.68 -1.1,49.35 bre_pic_c
ENG PIC: bre_pic_c 0.1,49.5 0.37,49.76 1.08,49.93 1.6,50.2 1.6,50.72 1.85,50.95 pic_bel_c
ENG BEL: pic_bel_c eng_nth_bel
NTH BEL: eng_nth_bel 3.2,51.33 bel_hol_c
NTH HOL: bel_hol_c 3.6,51.6 4.0,51.95 4.25,52.1 4.58,52.46 4.75,52.96 hel_nth_hol
HEL HOL: hel_nth_hol 6.2,53.45 6.9,53.45 hol_kie_c
HEL KIE: hol_kie_c 7.5,53.7 8.1,53.5 8.5,53.55 8.7,53.9 8.9,54.2 9.0,54.5 8.6,54.9 den_kie_w
HEL DEN: den_kie_w hel_nth_den
NTH DEN: hel_nth_den 8.15,56.0 8.1,56.45 nth_ska_den
SKA DEN: nth_ska_den 8.6,57.15 9.6,57.5 10.4,57.8 10.3,57.4 10.15,57.0 10.95,56.45 10.3,56.1 10.2,55.85 10.6,55.6 11.05,55.45 11.15,55.7 11.45,55.98 12.3,56.12 ska_den_swe
DEN SWE: ska_den_swe bal_den_swe
BAL DEN: bal_den_swe 12.45,55.3 12.55,54.97 11.95,54.57 11.0,54.72 10.6,55.0 10.0,54.95 den_kie_e
DEN KIE: den_kie_w 9.2,55.15 den_kie_e
BAL KIE: den_kie_e 10.0,54.6 10.2,54.4 11.1,54.45 10.9,53.98 kie_ber_c
BAL BER: kie_ber_c 12.1,54.18 12.5,54.45 13.4,54.65 13.7,54.3 14.2,54.05 15.6,54.2 16.4,54.5 ber_pru_c
BAL PRU: ber_pru_c 18.35,54.83 18.65,54.4 19.5,54.45 19.95,54.95 21.1,55.3 pru_lvn_c
BAL LVN: pru_lvn_c 21.0,56.5 21.55,57.4 22.6,57.75 23.3,57.1 24.1,57.0 24.4,57.9 24.5,58.35 23.5,58.6 bal_bot_lvn
BOT LVN: bal_bot_lvn 24.0,59.35 24.75,59.45 26.5,59.6 lvn_stp_c
BOT STP: lvn_stp_c 29.0,59.85 30.3,59.95 fin_stp_c
BOT FIN: fin_stp_c 28.7,60.6 26.9,60.45 24.95,60.15 22.95,59.82 22.25,60.3 21.4,60.8 21.5,61.5 21.2,62.3 21.6,63.1 23.1,63.85 24.5,64.5 25.45,65.0 24.6,65.7 swe_fin_c
BOT SWE: swe_fin_c 22.1,65.6 21.5,65.3 21.2,64.7 20.3,63.8 18.7,63.25 17.9,62.6 17.4,62.3 17.1,61.7 17.2,60.7 18.4,60.35 bal_bot_swe
BAL BOT: bal_bot_swe 21.0,59.4 bal_bot_lvn
BAL SWE: bal_bot_swe 18.5,59.3 17.95,58.9 17.1,58.65 16.65,57.75 16.4,56.7 15.6,56.15 14.85,56.17 14.35,55.55 13.8,55.4 12.85,55.38 bal_den_swe
SKA SWE: ska_den_swe 12.45,56.3 12.85,56.67 12.5,57.1 12.1,57.7 11.9,58.3 11.6,58.9 nwy_swe_c
SKA NWY: nwy_swe_c 10.9,59.2 10.7,59.8 10.35,59.3 10.0,59.2 8.0,58.55 7.05,58.4 6.4,58.55 nth_ska_nwy
NTH NWY: nth_ska_nwy 5.6,58.95 5.25,59.4 5.0,60.4 4.9,61.1 nwg_nth_nwy
NWG NWY: nwg_nth_nwy 5.1,62.2 6.1,62.5 7.7,63.1 9.0,63.7 10.5,64.5 12.2,65.5 13.5,66.5 14.4,67.3 15.5,68.2 16.5,68.6 18.9,69.7 21.0,70.2 23.7,70.7 northcape
BAR NWY: northcape 28.2,71.05 31.1,70.4 29.5,70.05 nwy_stp_c
BAR STP: nwy_stp_c 33.0,69.4 36.0,69.1 39.7,68.15 41.3,67.0 40.8,66.3 37.5,66.3 33.0,66.8 34.6,64.95 37.8,64.0 40.5,64.55 41.6,65.4 44.2,65.9 43.6,67.0 43.3,68.6 45.4,68.35 47.0,67.3 48.5,67.7 bar_stp_f
# ---------------- Scandinavian and Russian land borders
NWY SWE: nwy_swe_c 11.6,59.6 12.3,60.0 12.6,61.0 12.2,62.3 12.1,63.4 13.9,64.2 14.5,65.1 15.4,66.1 16.4,67.0 17.9,68.1 18.9,68.45 20.1,69.0 nwy_swe_fin
SWE FIN: swe_fin_c 23.7,66.5 23.5,67.2 23.65,67.95 22.5,68.45 21.2,68.8 nwy_swe_fin
NWY FIN: nwy_swe_fin 21.7,69.25 22.9,68.7 24.9,68.6 26.0,69.7 27.6,70.0 28.4,69.6 nwy_fin_stp
NWY STP: nwy_fin_stp 29.5,69.3 nwy_stp_c
FIN STP: nwy_fin_stp 28.7,68.0 29.2,67.0 30.0,66.0 29.6,65.0 30.2,64.0 31.0,63.0 31.5,62.5 30.0,61.2 29.5,60.6 fin_stp_c
LVN STP: lvn_stp_c 27.7,58.8 28.0,58.0 lvn_mos_stp
LVN MOS: lvn_mos_stp 28.8,55.5 lvn_war_mos
LVN WAR: pru_war_lvn 24.0,54.1 25.7,54.2 lvn_war_mos
PRU LVN: pru_war_lvn 22.6,55.0 21.5,55.15 pru_lvn_c
MOS STP: lvn_mos_stp 32.0,58.2 36.0,59.2 40.0,60.0 50.0,60.3 stp_mos_f
WAR MOS: lvn_war_mos war_ukr_mos
UKR MOS: war_ukr_mos 31.0,52.2 34.0,51.5 mos_ukr_sev
SEV MOS: mos_ukr_sev 38.5,50.8 42.0,51.5 48.0,52.0 mos_sev_f
UKR SEV: mos_ukr_sev 34.5,49.5 32.0,48.5 30.0,48.0 ukr_sev_rum
WAR UKR: war_gal_ukr 25.5,51.5 war_ukr_mos
GAL UKR: war_gal_ukr 25.6,50.0 26.2,49.4 gal_rum_ukr
UKR RUM: gal_rum_ukr ukr_sev_rum
SEV RUM: ukr_sev_rum 28.1,46.6 28.2,45.5 rum_sev_c
SEV ARM: sev_arm_c 42.8,41.3 43.8,40.9 sev_arm_f
# ---------------- Germany, Low Countries, France
BRE PIC: bre_pic_c bre_pic_par
BRE PAR: bre_pic_par 0.5,48.2 bre_par_gas
BRE GAS: bre_par_gas -0.8,46.95 bre_gas_c
PIC PAR: bre_pic_par 1.8,49.35 pic_par_bur
PAR BUR: pic_par_bur 3.8,48.1 par_gas_bur
PAR GAS: bre_par_gas 1.8,46.9 par_gas_bur
GAS BUR: par_gas_bur 3.7,46.3 gas_bur_mar
GAS MAR: gas_bur_mar 3.2,44.6 2.3,43.6 mar_gas_spa
GAS SPA: gas_spa_c -1.0,43.0 0.0,42.75 mar_gas_spa
MAR SPA: mar_gas_spa 2.4,42.4 mar_spa_c
BUR MAR: gas_bur_mar 5.1,46.2 mar_bur_swi
MAR SWI: mar_bur_swi 6.5,46.05 mar_pie_swi
MAR PIE: mar_pie_swi 7.0,45.3 6.9,44.6 7.2,44.15 mar_pie_c
PIC BEL: pic_bel_c 2.8,50.75 3.3,50.5 pic_bel_bur
PIC BUR: pic_bel_bur 3.4,49.8 pic_par_bur
BEL BUR: pic_bel_bur 4.8,49.85 5.6,49.6 bel_bur_ruh
BEL RUH: bel_bur_ruh 6.2,50.5 bel_hol_ruh
BEL HOL: bel_hol_c 4.4,51.45 5.2,51.35 bel_hol_ruh
HOL RUH: bel_hol_ruh 6.2,51.6 6.7,51.9 hol_ruh_kie
HOL KIE: hol_ruh_kie 7.05,52.75 hol_kie_c
BUR RUH: bel_bur_ruh 6.7,49.45 bur_ruh_mun
BUR MUN: bur_ruh_mun 7.9,48.6 7.6,47.9 bur_mun_swi
BUR SWI: mar_bur_swi 6.5,46.7 7.0,47.35 bur_mun_swi
RUH MUN: bur_ruh_mun 8.0,49.9 8.4,50.6 ruh_kie_mun
RUH KIE: ruh_kie_mun 8.0,52.0 hol_ruh_kie
KIE MUN: ruh_kie_mun 10.0,51.7 kie_mun_ber
KIE BER: kie_mun_ber 11.6,52.8 11.3,53.5 kie_ber_c
BER MUN: kie_mun_ber 12.7,51.7 mun_ber_sil
MUN SIL: mun_ber_sil 14.6,51.1 mun_sil_boh
BER SIL: mun_ber_sil 15.3,52.2 ber_pru_sil
BER PRU: ber_pru_sil 17.0,53.7 ber_pru_c
PRU SIL: ber_pru_sil 17.5,52.6 pru_sil_war
PRU WAR: pru_sil_war 19.2,52.95 20.6,53.2 21.8,53.4 pru_war_lvn
SIL WAR: pru_sil_war 18.1,51.5 18.7,50.9 sil_war_gal
SIL BOH: mun_sil_boh 15.9,50.65 16.5,50.25 17.5,50.2 boh_sil_gal
SIL GAL: boh_sil_gal sil_war_gal
GAL WAR: sil_war_gal 20.5,50.3 21.8,50.65 22.7,50.4 war_gal_ukr
MUN SWI: bur_mun_swi 8.6,47.7 mun_tyr_swi
MUN BOH: mun_sil_boh 13.5,50.55 12.2,50.3 12.6,49.7 13.2,49.2 mun_boh_tyr
MUN TYR: mun_tyr_swi 10.5,47.5 11.6,47.6 12.8,47.75 13.0,48.2 mun_boh_tyr
BOH TYR: mun_boh_tyr boh_tyr_vie
BOH VIE: boh_tyr_vie 15.9,49.0 16.9,49.0 17.6,49.2 boh_vie_gal
BOH GAL: boh_vie_gal boh_sil_gal
VIE GAL: boh_vie_gal vie_gal_bud
VIE TYR: boh_tyr_vie 14.3,47.8 14.6,47.1 tyr_vie_tri
VIE TRI: tyr_vie_tri vie_bud_tri
VIE BUD: vie_gal_bud 18.5,48.7 17.6,47.95 17.0,47.4 16.6,46.9 vie_bud_tri
TYR TRI: tyr_vie_tri 14.4,46.45 tyr_tri_ven
VEN TRI: tyr_tri_ven 13.6,46.05 ven_tri_c
TYR VEN: tyr_tri_ven 12.6,46.5 11.7,46.0 11.0,45.75 pie_tyr_ven
PIE TYR: pie_tyr_ven 10.4,46.15 pie_tyr_swi
TYR SWI: pie_tyr_swi 10.45,46.55 10.45,46.9 9.9,47.0 9.6,47.1 mun_tyr_swi
PIE SWI: mar_pie_swi 7.85,45.95 8.4,46.3 9.0,45.85 9.4,46.4 pie_tyr_swi
# ---------------- Italy
PIE TUS: pie_tus_c pie_tus_ven
PIE VEN: pie_tus_ven 10.5,45.05 pie_tyr_ven
TUS VEN: pie_tus_ven 11.3,44.1 12.0,43.7 tus_ven_rom
TUS ROM: tus_rom_c 11.9,42.8 tus_ven_rom
VEN ROM: tus_ven_rom 12.9,42.9 ven_rom_apu
VEN APU: ven_rom_apu apu_ven_c
ROM APU: ven_rom_apu 14.3,41.9 rom_apu_nap
ROM NAP: rom_apu_nap 14.0,41.45 rom_nap_c
NAP APU: rom_apu_nap 15.5,41.05 16.2,40.6 nap_apu_c
LYO TUS: pie_tus_c 10.25,43.87 10.3,43.55 lyo_tys_tus
TYS TUS: lyo_tys_tus 11.0,42.75 tus_rom_c
TYS ROM: tus_rom_c 11.8,42.1 12.3,41.73 12.6,41.45 13.05,41.22 rom_nap_c
TYS NAP: rom_nap_c 14.25,40.83 14.4,40.63 14.75,40.65 14.9,40.25 15.27,40.03 15.7,39.9 16.0,39.35 16.1,38.95 15.85,38.62 15.7,38.3 messina_n
ION NAP: messina_n 15.65,38.0 16.05,37.92 16.55,38.4 17.15,39.05 17.1,39.4 16.5,39.72 16.68,40.2 nap_apu_c
ION APU: nap_apu_c 17.24,40.47 17.98,40.05 18.36,39.8 otranto
ADR APU: otranto 17.95,40.65 16.87,41.13 15.9,41.55 16.2,41.9 15.0,42.0 apu_ven_c
ADR VEN: apu_ven_c 13.5,43.6 12.57,44.06 12.3,44.45 12.5,44.95 12.28,45.2 12.35,45.45 13.0,45.63 ven_tri_c
ADR TRI: ven_tri_c 13.75,45.65 13.6,45.3 13.9,44.85 14.3,45.3 14.9,45.0 15.2,44.1 15.9,43.7 16.45,43.5 17.0,43.3 18.1,42.65 18.7,42.4 19.1,42.1 tri_alb_c
ADR ALB: tri_alb_c 19.45,41.7 19.45,41.3 19.45,40.8 karaburun
ADR ION: otranto karaburun
ION ALB: karaburun 19.6,40.3 20.0,39.87 alb_gre_c
# ---------------- Balkans
TRI BUD: vie_bud_tri 17.2,46.05 18.5,45.75 tri_bud_ser
BUD SER: tri_bud_ser 20.4,44.85 21.4,44.8 bud_ser_rum
TRI SER: tri_bud_ser 19.4,44.3 19.3,43.5 tri_ser_alb
TRI ALB: tri_alb_c 19.6,42.3 tri_ser_alb
SER ALB: tri_ser_alb 21.0,42.4 21.3,41.7 ser_alb_gre
ALB GRE: ser_alb_gre 20.9,40.3 alb_gre_c
SER GRE: ser_alb_gre 21.9,41.2 ser_gre_bul
GRE BUL: ser_gre_bul 23.3,41.15 gre_bul_c
SER BUL: ser_gre_bul 22.4,42.0 22.4,42.8 22.8,43.4 22.5,43.9 ser_bul_rum
SER RUM: ser_bul_rum bud_ser_rum
BUL RUM: ser_bul_rum 23.5,43.8 24.5,43.7 25.5,43.65 26.5,44.0 27.3,44.1 27.9,43.95 bul_rum_c
BUD RUM: bud_ser_rum 23.2,45.3 24.6,45.35 25.6,45.45 26.2,45.8 26.3,46.5 25.8,47.3 bud_rum_gal
BUD GAL: bud_rum_gal 24.0,48.0 23.0,48.55 22.2,49.05 21.0,49.4 20.0,49.3 vie_gal_bud
GAL RUM: bud_rum_gal 25.9,48.0 gal_rum_ukr
BUL CON: bul_con_n 27.2,42.05 26.5,41.7 26.3,41.2 bul_con_s
ION GRE: alb_gre_c 20.75,38.95 21.1,38.5 21.7,38.25 21.12,37.92 21.6,37.25 21.7,36.8 22.1,37.0 22.48,36.38 22.55,36.75 maleas
AEG GRE: maleas 23.05,36.7 22.85,37.5 23.2,37.35 23.15,37.9 23.65,37.95 24.03,37.65 24.05,38.15 23.6,38.4 23.0,38.85 22.95,39.35 23.2,39.15 22.75,39.75 22.6,40.3 22.95,40.62 23.4,40.25 23.7,39.95 24.35,40.15 gre_bul_c
AEG BUL: gre_bul_c 24.4,40.93 25.3,40.95 25.9,40.85 bul_con_s
AEG CON: bul_con_s 26.6,40.55 26.2,40.05 26.15,39.8 con_smy_c
AEG SMY: con_smy_c 26.9,39.55 26.7,39.3 26.9,39.07 26.75,38.67 27.1,38.42 26.3,38.3 27.25,37.86 27.25,37.37 27.4,37.03 27.45,36.7 aeg_eas_smy
EAS SMY: aeg_eas_smy 29.1,36.65 29.64,36.2 30.4,36.2 30.7,36.88 32.0,36.55 32.8,36.02 33.93,36.37 smy_syr_c
EAS SYR: smy_syr_c 35.5,36.6 36.17,36.6 35.9,36.2 35.78,35.52 35.87,34.9 35.83,34.43 35.5,33.9 35.2,33.27 34.98,32.82 34.75,32.05 34.45,31.5 33.8,31.13 syr_afr_c
EAS AFR: syr_afr_c 31.8,31.5 30.4,31.45 29.9,31.2 28.95,30.84 27.25,31.35 25.15,31.57 23.97,32.08 ion_eas_afr
ION AFR: ion_eas_afr 22.64,32.77 21.97,32.9 20.6,32.6 20.07,32.12 19.6,31.35 18.5,31.4 16.6,31.5 15.1,32.37 14.25,32.65 13.18,32.9 12.08,32.93 tun_afr_c
ION TUN: tun_afr_c 10.9,33.8 10.1,33.9 10.75,34.75 11.15,35.25 10.85,35.78 10.6,36.4 capebon
TYS TUN: capebon 10.2,36.8 bizerte
WES TUN: bizerte 9.2,37.2 tun_naf_c
WES NAF: tun_naf_c 7.77,36.9 6.9,36.88 5.75,36.82 5.08,36.75 3.9,36.92 3.05,36.78 2.2,36.6 1.3,36.52 0.1,35.85 -0.65,35.7 -1.3,35.3 -2.95,35.43 -3.9,35.25 -5.0,35.4 ceuta
MAO NAF: ceuta -5.8,35.8 -5.92,35.79 -6.15,35.2 -6.6,34.3 -6.83,34.02 -7.6,33.6 -8.5,33.25 -9.25,32.3 -9.77,31.5 -9.88,30.63 -9.6,30.4 -9.8,29.5 -10.3,29.3 naf_mao_f
MAO WES: gib ceuta
NAF TUN: tun_naf_c 8.3,35.8 8.2,34.5 8.1,32.5 tun_naf_f
TUN AFR: tun_afr_c 10.8,32.3 10.6,31.6 afr_tun_f
SYR AFR: syr_afr_c 32.5,29.5 syr_afr_f
ARM SYR: arm_smy_syr 37.5,38.0 39.5,37.7 42.0,37.3 arm_syr_f
ARM SMY: ank_smy_arm 35.4,39.0 arm_smy_syr
SMY SYR: arm_smy_syr 35.1,37.3 smy_syr_c
ANK ARM: ank_smy_arm 36.0,40.7 arm_ank_c
ANK SMY: con_ank_smy 32.5,39.8 34.0,39.8 ank_smy_arm
CON ANK: con_ank_smy ank_con_c
CON SMY: con_smy_c 27.5,39.8 29.0,40.0 con_ank_smy
# ---------------- Black Sea
BLA BUL: bul_con_n 27.47,42.5 27.9,42.7 27.95,43.2 28.47,43.36 bul_rum_c
BLA RUM: bul_rum_c 28.65,44.17 29.0,44.7 29.6,44.85 rum_sev_c
BLA SEV: rum_sev_c 30.2,45.8 30.75,46.48 31.5,46.6 32.0,46.45 33.6,46.1 32.5,45.35 33.5,44.6 34.2,44.45 35.4,45.0 36.45,45.3 36.8,45.05 37.3,44.9 37.8,44.7 39.1,44.1 39.7,43.6 40.5,43.05 41.5,42.2 sev_arm_c
BLA ARM: sev_arm_c 41.4,41.4 40.5,41.03 39.72,41.0 38.4,40.92 37.9,41.0 37.3,41.13 arm_ank_c
BLA ANK: arm_ank_c 35.9,41.7 35.15,42.03 33.75,41.98 32.4,41.75 31.4,41.28 ank_con_c
BLA CON: ank_con_c 29.6,41.18 29.1,41.22 28.5,41.35 28.1,41.63 bul_con_n
# ---------------- Spain, Portugal, Mediterranean coasts
MAO POR: spa_por_n -8.65,41.15 -8.75,40.65 -8.9,40.2 -9.1,39.6 -9.5,38.78 -9.2,38.42 -8.9,37.95 -8.95,37.02 -7.9,37.0 spa_por_s
POR SPA: spa_por_n -8.2,42.1 -7.0,41.95 -6.2,41.6 -6.9,41.0 -6.9,40.2 -7.3,39.5 -7.0,38.9 -7.3,38.2 -7.5,37.5 spa_por_s
MAO SPA: spa_por_s -6.95,37.2 -6.3,36.53 -6.03,36.18 -5.6,36.0 gib
WES SPA: gib -4.42,36.7 -3.5,36.73 -2.0,36.72 -0.98,37.58 -0.7,37.63 -0.48,38.35 0.2,38.73 -0.33,39.45 -0.05,39.97 ebro
LYO SPA: ebro 1.25,41.1 2.17,41.38 2.8,41.67 3.25,41.95 3.32,42.32 mar_spa_c
LYO MAR: mar_spa_c 3.05,43.0 3.5,43.28 4.2,43.45 4.85,43.35 5.35,43.3 5.9,43.1 6.6,43.2 7.25,43.68 mar_pie_c
LYO PIE: mar_pie_c 8.0,43.88 8.45,44.3 8.93,44.41 9.5,44.2 pie_tus_c
LYO WES: ebro 4.0,40.5 sard_w
LYO TYS: lyo_tys_tus capcorse
LYO TYS: bonif_c sard_n
LYO COR: capcorse 9.35,42.7 8.6,42.6 8.55,42.1 8.7,41.9 8.8,41.6 bonif_c
TYS COR: bonif_c 9.4,41.6 9.55,42.1 9.45,42.7 capcorse
LYO SAR: sard_n 8.8,41.05 8.2,40.95 8.15,40.55 8.45,40.2 sard_w
WES SAR: sard_w 8.4,39.1 8.65,38.87 sard_s
TYS SAR: sard_s 9.1,39.2 9.55,39.12 9.7,39.9 9.8,40.55 9.6,41.0 sard_n
TYS WES: sard_s bizerte
ION TYS: marsala capebon
ION TYS: messina_n messina_s
TYS SIC: messina_s 15.25,38.25 14.0,38.04 13.36,38.12 12.73,38.18 12.5,38.02 marsala
ION SIC: marsala 12.6,37.65 13.1,37.5 13.55,37.2 14.25,36.95 15.1,36.5 15.3,37.0 15.1,37.5 15.3,37.85 messina_s
AEG EAS: crete_e 27.0,35.8 aeg_eas_smy
AEG ION: maleas crete_w
ION EAS: crete_s 24.0,33.6 ion_eas_afr
AEG CRE: crete_w 24.0,35.52 24.48,35.37 25.13,35.34 26.1,35.2 crete_e
EAS CRE: crete_e 26.1,35.0 25.74,35.0 crete_s
ION CRE: crete_s 24.1,35.2 23.55,35.25 crete_w
EAS CYP: cyp 33.3,35.35 32.92,35.4 32.9,35.2 32.28,35.1 32.4,34.75 33.0,34.57 33.63,34.9 34.08,34.96 33.95,35.12 34.1,35.35 cyp
WES MAJ: maj 3.2,39.95 3.45,39.7 3.0,39.3 2.6,39.5 maj
"""

EXTRA_J = dict(cyp=(34.6, 35.7), maj=(2.35, 39.6))

OTHER = {
    "SWI": ("Switzerland", "impassable"), "IRE": ("Ireland", "island"), "COR": ("Corsica", "island"),
    "SAR": ("Sardinia", "island"), "SIC": ("Sicily", "island"), "CRE": ("Crete", "island"),
    "CYP": ("Cyprus", "island"), "MAJ": ("Majorca", "island"), "AFR": ("Africa", "impassable"),
}
