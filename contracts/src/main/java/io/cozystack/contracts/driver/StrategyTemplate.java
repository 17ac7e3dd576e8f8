package io.cozystack.contracts.driver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders every string leaf of a strategy template with the run's context ({@code .Application},
 * {@code .Release}, {@code .Mode}, {@code .Parameters}). Only field references like {@code {{
 * .Release.Name }}} are supported; any other expression, or a reference to nothing, is an error
 * naming the field, never a string left as it was (Cozystack's silent failure).
 */
public final class StrategyTemplate {
  private static final Pattern ACTION = Pattern.compile("\\{\\{-?\\s*(.*?)\\s*-?}}");
  private static final Pattern REFERENCE = Pattern.compile("^(\\.[A-Za-z0-9_-]+)+$");

  /** A template that cannot be rendered; the message names the field and the expression. */
  public static final class TemplateException extends Exception {
    TemplateException(String message) {
      super(message);
    }
  }

  private StrategyTemplate() {}

  /** A rendered copy of {@code template}. */
  public static JsonNode render(JsonNode template, JsonNode context) throws TemplateException {
    JsonNode copy = template.deepCopy();
    return renderNode(copy, context, "template");
  }

  private static JsonNode renderNode(JsonNode node, JsonNode context, String path)
      throws TemplateException {
    if (node instanceof ObjectNode object) {
      for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        field.setValue(renderNode(field.getValue(), context, path + "." + field.getKey()));
      }
      return object;
    }
    if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, renderNode(array.get(i), context, path + "[" + i + "]"));
      }
      return array;
    }
    return node.isTextual() ? new TextNode(renderText(node.asText(), context, path)) : node;
  }

  public static String renderText(String text, JsonNode context, String path)
      throws TemplateException {
    Matcher m = ACTION.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String expression = m.group(1);
      if (!REFERENCE.matcher(expression).matches()) {
        throw new TemplateException(
            path
                + ": unsupported template expression '"
                + expression
                + "'; strategy templates render only field references such as {{ .Release.Name }}");
      }
      JsonNode value = context;
      for (String part : expression.substring(1).split("\\.")) {
        value = value.path(part);
      }
      if (value.isMissingNode() || value.isNull()) {
        throw new TemplateException(path + ": " + expression + " refers to nothing in the context");
      }
      m.appendReplacement(
          out, Matcher.quoteReplacement(value.isValueNode() ? value.asText() : value.toString()));
    }
    m.appendTail(out);
    return out.toString();
  }
}
