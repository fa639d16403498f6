/*
 * Request bodies more than one test sends, kept here once so that the HTTP
 * tests and the API layer's unit tests send the same text and expect the
 * same answer from it. The statement's examples are in tests/data.
 */
#ifndef MF_TEST_FIXTURES_H
#define MF_TEST_FIXTURES_H

/* The smallest castable query: one Forest pays G, no life paid. 46 bytes. */
#define MF_FIX_FOREST_G "{\"battlefield\":[\"Forest\"],\"life\":7,\"cost\":\"G\"}"

/* A misspelt land: 400 at /battlefield/0, "did you mean Forest?". */
#define MF_FIX_FORST_G "{\"battlefield\":[\"Forst\"],\"life\":7,\"cost\":\"G\"}"

/* Red only from Steam Vents, fetched by Wooded Foothills (1 life) and
 * untapped (2 life): castable, "min_life_paid":3, "life_left":4. */
#define MF_FIX_FETCH_RG \
	"{\"battlefield\":[\"Wooded Foothills\",\"Forest\"],\"library\":[\"Steam Vents\"]," \
	"\"life\":7,\"cost\":\"RG\"}"
#define MF_FIX_FETCH_RG_LIFE_PAID 3

/* The head of a POST to /v1/mana/solve announcing a 1000-byte JSON body:
 * what the tests of stalled and cut-short uploads send before (part of)
 * the body. */
#define MF_FIX_HEAD_1000 \
	"POST /v1/mana/solve HTTP/1.1\r\nHost: t\r\n" \
	"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"

#endif
