#include "api/card.h"

#include "api/json_decode.h"

/* The fields the readers use, on a card or one of its faces. */
static int decode_face(const cJSON *node, const char *at, bool name_required,
		       struct mf_card_face *face, struct mf_api_error *err)
{
	if (!cJSON_IsObject(node)) {
		mf_api_fail(err, at, "expected a card object");
		return -1;
	}
	if (mf_json_get_string(node, at, "name", name_required, MF_CARD_TEXT_MAX, &face->name, err) ||
	    mf_json_get_string(node, at, "mana_cost", false, MF_CARD_TEXT_MAX, &face->mana_cost, err) ||
	    mf_json_get_string(node, at, "type_line", false, MF_CARD_TEXT_MAX, &face->type_line, err) ||
	    mf_json_get_string(node, at, "oracle_text", false, MF_CARD_TEXT_MAX, &face->oracle_text, err))
		return -1;
	return 0;
}

int mf_api_card_decode(const cJSON *node, const char *at, struct mf_card_object *card,
		       struct mf_card_face *faces, struct mf_api_error *err)
{
	const cJSON *list = NULL, *face;
	char ptr[MF_JSON_POINTER_MAX];
	size_t n = 0;

	if (decode_face(node, at, true, &card->card, err) ||
	    mf_json_get_array(node, at, "card_faces", false, MF_CARD_FACES_MAX, &list, &n, err))
		return -1;
	card->faces = faces;
	card->n_faces = n;
	n = 0;
	mf_json_pointer_key(ptr, at, "card_faces");
	cJSON_ArrayForEach(face, list) {
		char face_at[MF_JSON_POINTER_MAX];

		mf_json_pointer_index(face_at, ptr, n);
		if (decode_face(face, face_at, false, &faces[n], err))
			return -1;
		n++;
	}
	return 0;
}

size_t mf_api_card_count_faces(const cJSON *cards)
{
	const cJSON *card;
	size_t total = 0;

	cJSON_ArrayForEach(card, cards) {
		const cJSON *list = cJSON_IsObject(card) ? mf_json_member(card, "card_faces") : NULL;
		size_t n = cJSON_IsArray(list) ? (size_t)cJSON_GetArraySize(list) : 0;

		total += n < MF_CARD_FACES_MAX ? n : MF_CARD_FACES_MAX;
	}
	return total;
}
