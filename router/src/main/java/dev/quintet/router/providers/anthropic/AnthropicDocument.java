package dev.quintet.router.providers.anthropic;

import dev.quintet.router.providers.translation.DataUrl;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@code file} part's data URL as a {@code document} block. Anthropic takes base64 documents only as PDFs, so a
 * PDF is sent as a base64 source, plain text as a text source (its data decoded), and any other file not at all. A
 * PDF given by http(s) URL ({@code .pdf} or no extension; as OpenRouter takes PDFs) is sent as a url source, which
 * Anthropic fetches itself; other files by URL are left out.
 */
final class AnthropicDocument {

    private static final List<String> CHARSETS = List.of("utf-8", "utf8", "us-ascii");
    private static final Pattern WEB = Pattern.compile("https?://", Pattern.CASE_INSENSITIVE);

    private AnthropicDocument() {
    }

    /**
     * The document block for {@code url}; null when it is neither a base64 data URL nor an http(s) URL, or Anthropic
     * takes no such file.
     */
    static ObjectNode of(String url) {
        if (WEB.matcher(url).lookingAt()) {
            if (DataUrl.guessFileType(url).filter("application/pdf"::equals).isEmpty()) {
                return null;
            }
            ObjectNode block = JsonNodeFactory.instance.objectNode().put("type", "document");
            block.putObject("source").put("type", "url").put("url", url);
            return block;
        }
        DataUrl data = DataUrl.parse(url).orElse(null);
        if (data == null) {
            return null;
        }
        String[] type = data.mediaType().toLowerCase(Locale.ROOT).split(";");
        String mediaType = data.baseType();
        if (mediaType.equals("application/pdf")) {
            return block("base64", "application/pdf", data.base64());
        }
        String text = mediaType.equals("text/plain") ? utf8(type, data.base64()) : null;
        return text == null || text.isBlank() ? null : block("text", "text/plain", text);
    }

    private static ObjectNode block(String sourceType, String mediaType, String data) {
        ObjectNode block = JsonNodeFactory.instance.objectNode().put("type", "document");
        block.putObject("source").put("type", sourceType).put("media_type", mediaType).put("data", data);
        return block;
    }

    /**
     * The text of base64 data in UTF-8 (or ASCII, a part of it); null when the media type names another charset or
     * the data is not valid base64 or UTF-8, rather than send garbled text.
     */
    private static String utf8(String[] type, String base64) {
        for (int i = 1; i < type.length; i++) {
            String parameter = type[i].strip();
            if (parameter.startsWith("charset=")
                    && !CHARSETS.contains(parameter.substring(8).replace("\"", "").strip())) {
                return null;
            }
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (IllegalArgumentException | CharacterCodingException e) {
            return null;
        }
    }
}
