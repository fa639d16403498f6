/* Reading Scryfall's Oracle Cards file in chunks: see cli/cards_file.h. */
#include "cli/cards_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/clock.h"

/* Opens path for reading and refuses a file known to be too long. The
 * descriptor, or -1 with out->reason filled. */
static int open_file(const char *path, struct mf_cli_cards_load *out)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(out->reason, sizeof(out->reason), "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(out->reason, sizeof(out->reason), "%s", strerror(errno));
		close(fd);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(out->reason, sizeof(out->reason), "a directory, not a file");
		close(fd);
		return -1;
	}
	if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > MF_CARD_STREAM_BYTES_MAX) {
		snprintf(out->reason, sizeof(out->reason), "the file is longer than %zu MiB",
			 MF_CARD_STREAM_BYTES_MAX >> 20);
		close(fd);
		return -1;
	}
	return fd;
}

/* Feeds the whole of fd to s, chunk by chunk. 0, or -1 with out->reason
 * (and the offset, for the reader's failures) filled. */
static int feed_file(int fd, struct mf_card_stream *s, struct mf_cli_cards_load *out)
{
	char *chunk = malloc(MF_CLI_CARDS_CHUNK);
	const struct mf_card_stream_error *why;
	int rc = 0;

	if (!chunk) {
		snprintf(out->reason, sizeof(out->reason), "out of memory");
		return -1;
	}
	for (;;) {
		ssize_t n = read(fd, chunk, MF_CLI_CARDS_CHUNK);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(out->reason, sizeof(out->reason), "%s", strerror(errno));
			rc = -1;
			break;
		}
		if (n == 0 ? mf_card_stream_finish(s) : mf_card_stream_feed(s, chunk, (size_t)n)) {
			why = mf_card_stream_failure(s);
			out->has_offset = true;
			out->offset = why->offset;
			snprintf(out->reason, sizeof(out->reason), "%s", why->reason);
			rc = -1;
			break;
		}
		if (n == 0)
			break;
	}
	free(chunk);
	return rc;
}

/* Loads the open file fd into db through a reader; 0, or -1 with out
 * filled. */
static int load(int fd, struct mf_card_db *db, struct mf_cli_cards_load *out)
{
	struct mf_card_stream *s = mf_card_stream_new(db);
	const struct mf_card_stream_error *skip;
	int rc;

	if (!s) {
		snprintf(out->reason, sizeof(out->reason), "out of memory");
		return -1;
	}
	rc = feed_file(fd, s, out);
	out->stats = mf_card_stream_stats(s);
	skip = mf_card_stream_first_skip(s);
	if (skip)
		out->first_skip = *skip;
	mf_card_stream_free(s);
	if (rc == 0 && mf_card_db_count(db) == 0) {
		snprintf(out->reason, sizeof(out->reason), "no card in the file");
		rc = -1;
	}
	return rc;
}

struct mf_card_db *mf_cli_cards_open(const char *path, struct mf_cli_cards_load *out)
{
	uint64_t t0 = mf_clock_ms();
	struct mf_card_db *db;
	int fd, rc;

	memset(out, 0, sizeof(*out));
	out->path = path;
	fd = open_file(path, out);
	if (fd < 0)
		return NULL;
	db = mf_card_db_new();
	if (!db) {
		snprintf(out->reason, sizeof(out->reason), "out of memory");
		close(fd);
		return NULL;
	}
	rc = load(fd, db, out);
	close(fd);
	out->ms = mf_clock_ms() - t0;
	out->bytes_held = mf_card_db_bytes(db);
	if (rc) {
		mf_card_db_free(db);
		return NULL;
	}
	return db;
}
