/* A client's FIN while its answer is due: a half-close, or a hang-up?
 * (gate_int.h, mf_gate_fin_held). Calls only gate_io.c. */
#include "http/gate_int.h"

#include <string.h>

/* The interim answer that asks a client whether it is still there. */
static const char probe_text[] = "HTTP/1.1 100 Continue\r\n\r\n";

/* Under the lock, with c's last request waiting for a worker and every
 * answer before it complete: reads what libmicrohttpd wrote of those
 * answers, then appends the probe after them, before any byte of the
 * answer due (which is queued only after mf_gate_working() clears
 * `working`, under the same lock). */
static void probe(struct gate_conn *c)
{
	bool oom = false;

	if (c->mhd >= 0 && !c->mhd_eof) {
		c->mhd_rd = true;
		mf_gate_fill(c->mhd, &c->toclient, MF_GATE_BUF, &c->mhd_rd, c->mhd_hup, &c->mhd_eof,
			     &oom);
	}
	if (oom || c->mhd_eof || !mf_gbuf_ready(&c->toclient, MF_GATE_BUF) ||
	    MF_GATE_BUF - c->toclient.len < sizeof(probe_text) - 1)
		return;  /* tried again at the next wake-up */
	memcpy(c->toclient.p + c->toclient.len, probe_text, sizeof(probe_text) - 1);
	c->toclient.len += sizeof(probe_text) - 1;
	c->probed = true;
}

bool mf_gate_fin_held(struct mf_gate *g, struct gate_conn *c)
{
	bool due;

	/* no interim answer may go to an HTTP/1.0 client; a FIN in the
	 * middle of a body cuts its request short, and goes on at once */
	if (c->last_http10 || c->in_state != IN_HEAD)
		return false;
	pthread_mutex_lock(&g->lock);
	due = c->answered < c->forwarded;
	c->wants_wake |= due;
	if (due && !c->probed && c->working && c->answered + 1 == c->forwarded)
		probe(c);
	pthread_mutex_unlock(&g->lock);
	return due;
}
