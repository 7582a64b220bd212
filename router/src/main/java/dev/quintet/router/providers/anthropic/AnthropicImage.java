package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.translation.DataUrl;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * An {@code image_url} part's URL as a block. A base64 data URL becomes a base64 image source whose media type has
 * no parameters and says {@code image/jpeg} for {@code image/jpg}, since Anthropic takes only the bare registered
 * names; a PDF data URL (some clients send every attachment as an image) becomes a document block; any other URL a
 * url source.
 */
final class AnthropicImage {

    private AnthropicImage() {
    }

    static ObjectNode of(String url) {
        DataUrl data = DataUrl.parse(url).orElse(null);
        String mediaType = data == null ? null : data.baseType();
        if ("application/pdf".equals(mediaType)) {
            return AnthropicDocument.of(url);
        }
        ObjectNode block = JsonNodeFactory.instance.objectNode().put("type", "image");
        ObjectNode source = block.putObject("source");
        if (data == null) {
            source.put("type", "url").put("url", url);
        } else {
            source.put("type", "base64").put("media_type", mediaType.equals("image/jpg") ? "image/jpeg" : mediaType)
                    .put("data", data.base64());
        }
        return block;
    }
}
