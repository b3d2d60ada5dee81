/*
 * mulligan_demo.c: the C ABI of mulligan in one small program (guide: docs/C_ABI.md).
 *
 *   1. a seed from the bytes 0..31, and its commitment (publish it before the game);
 *   2. a 60-card library (cards 0..59) shuffled with that seed, printed top first;
 *   3. a two-player London game start in which both players keep, answered from the pending
 *      decisions, then each hand printed by card name;
 *   4. an illegal answer, refused with its message, and the clean-up.
 *
 * Build and run (from the repository root):
 *   cargo build -p mulligan-capi
 *   cc -std=c99 -Wall -Wextra -pedantic -Iinclude examples/c/mulligan_demo.c \
 *      -Ltarget/debug -lmulligan -Wl,-rpath,"$PWD/target/debug" -o mulligan_demo
 *   ./mulligan_demo
 * or `make -C examples/c run`. tests/test_capi.py builds and runs it and checks its output.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mulligan.h"

/* Prints the failed call, its status and the library's message, and exits. */
static void fail(const char *call, int32_t status) {
    char message[1024];
    mulligan_last_error(message, sizeof message, NULL);
    fprintf(stderr, "%s failed with status %d: %s\n", call, (int)status, message);
    exit(1);
}

#define CHECK(call)                                                                                \
    do {                                                                                           \
        int32_t status_ = (call);                                                                  \
        if (status_ != MULLIGAN_OK) fail(#call, status_);                                          \
    } while (0)

/* Any of the game's JSON getters: asks for the size first, then fills a fresh buffer. */
typedef int32_t (*GameJson)(MulliganGame, char *, size_t, size_t *);

static char *game_json(GameJson get, MulliganGame game) {
    size_t needed = 0;
    int32_t status = get(game, NULL, 0, &needed);
    if (status != MULLIGAN_ERR_BUFFER_TOO_SMALL) fail("size query", status);
    char *text = malloc(needed);
    if (text == NULL) exit(1);
    CHECK(get(game, text, needed, &needed));
    return text;
}

/* The card names of the demo deck: ids 0..23 are the lands L0..L23, ids 24..59 the spells
 * S0..S35 (a card id is its index in its owner's deck). */
static void card_name(uint32_t id, char *out, size_t len) {
    if (id < 24) {
        snprintf(out, len, "L%u", (unsigned)id);
    } else {
        snprintf(out, len, "S%u", (unsigned)(id - 24));
    }
}

int main(void) {
    /* 1. The seed and its commitment. */
    uint8_t bytes[32];
    for (int i = 0; i < 32; i++) bytes[i] = (uint8_t)i;
    MulliganSeed seed = 0;
    CHECK(mulligan_seed_from_bytes(bytes, sizeof bytes, &seed));
    char commitment[65];
    CHECK(mulligan_seed_commitment(seed, commitment, sizeof commitment, NULL));
    printf("commitment: %s\n", commitment);

    /* 2. A shuffled library. */
    MulliganLibrary library = 0;
    CHECK(mulligan_library_new(seed, 0, 60, &library));
    CHECK(mulligan_library_shuffle(library));
    uint32_t cards[60];
    size_t count = 0;
    CHECK(mulligan_library_cards(library, cards, 60, &count));
    printf("shuffle:");
    for (size_t i = 0; i < count; i++) printf(" %u", (unsigned)cards[i]);
    printf("\n");

    /* 3. A game start: the deck list, the setup JSON, then answer until done. */
    char hex[65];
    CHECK(mulligan_seed_hex(seed, hex, sizeof hex, NULL));
    char deck[1024] = "";
    for (int i = 0; i < 24; i++) {
        char line[32];
        snprintf(line, sizeof line, "L%d [land]\\n", i);
        strcat(deck, line);
    }
    for (int i = 0; i < 36; i++) {
        char line[32];
        snprintf(line, sizeof line, "S%d\\n", i);
        strcat(deck, line);
    }
    char setup[4096];
    snprintf(setup, sizeof setup,
             "{\"players\": [{\"name\": \"Ann\", \"deck\": \"%s\"},"
             " {\"name\": \"Ben\", \"deck\": \"%s\"}],"
             " \"variant\": \"TWO_PLAYER\", \"mulligan\": \"LONDON\","
             " \"seed\": \"%s\", \"starting_player\": 0}",
             deck, deck, hex);
    MulliganGame game = 0;
    CHECK(mulligan_game_new(setup, &game));

    bool done = false;
    CHECK(mulligan_game_done(game, &done));
    while (!done) {
        /* The first pending decision's seat: the JSON is [{"kind":"…","seat":N,…},…]. */
        char *pending = game_json(mulligan_game_pending_json, game);
        const char *at = strstr(pending, "\"seat\":");
        if (at == NULL) fail("finding a pending seat", MULLIGAN_ERR_INTERNAL);
        uint32_t seat = (uint32_t)strtoul(at + 7, NULL, 10);
        printf("seat %u keeps\n", (unsigned)seat);
        free(pending);
        CHECK(mulligan_game_keep(game, seat));
        CHECK(mulligan_game_done(game, &done));
    }
    for (uint32_t seat = 0; seat < 2; seat++) {
        uint32_t hand[16];
        size_t n = 0;
        CHECK(mulligan_game_hand(game, seat, hand, 16, &n));
        printf("hand %u:", (unsigned)seat);
        for (size_t i = 0; i < n; i++) {
            char name[16];
            card_name(hand[i], name, sizeof name);
            printf(" %s", name);
        }
        printf("\n");
    }
    char *result = game_json(mulligan_game_result_json, game);
    printf("result: %s\n", result);
    free(result);

    /* 4. An illegal answer changes nothing and says why. */
    int32_t status = mulligan_game_keep(game, 0);
    char message[512];
    mulligan_last_error(message, sizeof message, NULL);
    printf("illegal keep: status %d: %s\n", (int)status, message);

    CHECK(mulligan_game_free(game));
    CHECK(mulligan_library_free(library));
    CHECK(mulligan_seed_free(seed));
    status = mulligan_seed_free(seed);
    printf("second free: status %d\n", (int)status);
    size_t live = 99;
    CHECK(mulligan_live_handles(&live));
    printf("live handles: %zu\n", live);
    return 0;
}
