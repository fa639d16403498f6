/* The access log: see access_log.h. The writer is common/log_writer.c,
 * the JSON escaping common/log.c's. */
#include "http/access_log.h"

#include <errno.h>
#include <stdlib.h>

#include "common/log.h"

struct mf_access_log {
	struct mf_log_writer *writer;  /* owned */
};

#define PUT_LITERAL(o, s) mf_log_put((o), (s), sizeof(s) - 1)

size_t mf_access_log_format(char *buf, size_t cap, const struct mf_access_log_entry *e)
{
	struct mf_log_out o = { buf, buf + cap, false };

	PUT_LITERAL(&o, "{\"method\":\"");
	mf_log_put_escaped(&o, e->method);
	PUT_LITERAL(&o, "\",\"path\":\"");
	mf_log_put_escaped(&o, e->path);
	PUT_LITERAL(&o, "\",\"status\":");
	mf_log_put_u64(&o, e->status);
	PUT_LITERAL(&o, ",\"us\":");
	mf_log_put_u64(&o, e->us);
	PUT_LITERAL(&o, ",\"bytes\":");
	mf_log_put_u64(&o, e->bytes);
	PUT_LITERAL(&o, ",\"request_id\":\"");
	mf_log_put_escaped(&o, e->request_id);
	if (e->client) {
		PUT_LITERAL(&o, "\",\"client\":\"");
		mf_log_put_escaped(&o, e->client);
	}
	if (e->aborted)
		PUT_LITERAL(&o, "\",\"aborted\":true}\n");
	else
		PUT_LITERAL(&o, "\"}\n");
	return o.full ? 0 : (size_t)(o.p - buf);
}

struct mf_access_log *mf_access_log_new(int fd, size_t cap)
{
	struct mf_access_log *log = calloc(1, sizeof(*log));
	int err;

	if (!log)
		return NULL;
	log->writer = mf_log_writer_new(fd, cap);
	if (!log->writer) {
		err = errno;
		free(log);
		errno = err;
		return NULL;
	}
	return log;
}

void mf_access_log_write(struct mf_access_log *log, const struct mf_access_log_entry *e)
{
	char line[MF_ACCESS_LOG_LINE_MAX];

	mf_log_writer_put(log->writer, line, mf_access_log_format(line, sizeof(line), e));
}

uint64_t mf_access_log_dropped(const struct mf_access_log *log)
{
	return log ? mf_log_writer_dropped(log->writer) : 0;
}

void mf_access_log_free(struct mf_access_log *log)
{
	if (!log)
		return;
	mf_log_writer_free(log->writer);
	free(log);
}
