/* The gate's count of connections open by client address, for the per-IP
 * limit: see gate_int.h. Calls nothing of the gate. */
#include "http/gate_int.h"

#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

#include "common/hash.h"

bool mf_gate_ips_init(struct mf_gate *g)
{
	size_t n = 256;

	if (!g->cfg.per_ip_limit)
		return true;
	while (n < g->cfg.connection_limit && n < ((size_t)1 << 16))
		n *= 2;
	g->ips = calloc(n, sizeof(*g->ips));
	g->ip_buckets = n;
	return g->ips != NULL;
}

void mf_gate_ips_free(struct mf_gate *g)
{
	for (size_t i = 0; g->ips && i < g->ip_buckets; i++)
		while (g->ips[i]) {
			struct gate_ip *ip = g->ips[i];

			g->ips[i] = ip->next;
			free(ip);
		}
	free(g->ips);
	g->ips = NULL;
}

/* The address of a (IPv4 or IPv6) into out[0..*len); false for another
 * family. */
static bool address_bytes(const struct sockaddr_storage *a, uint8_t out[16], uint8_t *len)
{
	if (a->ss_family == AF_INET) {
		memcpy(out, &((const struct sockaddr_in *)a)->sin_addr, 4);
		*len = 4;
		return true;
	}
	if (a->ss_family == AF_INET6) {
		memcpy(out, &((const struct sockaddr_in6 *)a)->sin6_addr, 16);
		*len = 16;
		return true;
	}
	return false;
}

/* The bucket of address addr[0..len). */
static struct gate_ip **bucket(struct mf_gate *g, const uint8_t *addr, uint8_t len)
{
	return &g->ips[mf_fnv1a32(addr, len) & (g->ip_buckets - 1)];
}

bool mf_gate_ip_take(struct mf_gate *g, struct gate_conn *c)
{
	uint8_t addr[16], len;
	struct gate_ip **b, *ip;

	if (!g->ips || !address_bytes(&c->addr, addr, &len))
		return true;
	b = bucket(g, addr, len);
	for (ip = *b; ip; ip = ip->next)
		if (ip->len == len && memcmp(ip->addr, addr, len) == 0)
			break;
	if (ip && ip->count >= g->cfg.per_ip_limit)
		return false;
	if (!ip) {
		ip = calloc(1, sizeof(*ip));
		if (!ip)
			return false;
		ip->len = len;
		memcpy(ip->addr, addr, len);
		ip->next = *b;
		*b = ip;
	}
	ip->count++;
	c->ip = ip;
	return true;
}

void mf_gate_ip_release(struct mf_gate *g, struct gate_conn *c)
{
	struct gate_ip *ip = c->ip, **p;

	c->ip = NULL;
	if (!ip || --ip->count)
		return;
	for (p = bucket(g, ip->addr, ip->len); *p != ip; p = &(*p)->next)
		;
	*p = ip->next;
	free(ip);
}
