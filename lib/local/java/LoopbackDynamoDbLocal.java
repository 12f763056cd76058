// local: starts DynamoDB Local listening on one address (127.0.0.1) instead of every interface.
//
// DynamoDB Local has no bind option: its ServerRunner builds a Jetty Server(port), whose connector
// binds the wildcard address. This launcher builds the same server through DynamoDB Local's own
// ServerRunner.createServerFromCommandLineArgs (so every command-line option keeps its meaning), sets
// the host of each connector before it starts, and starts it. Everything goes through reflection,
// so the file compiles against java.base alone: `java` runs it as a single source file with
// DynamoDBLocal.jar on the class path, no build step (lib/local/dynamodb-local.ts).
import java.lang.reflect.Field;

public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.local.host", "127.0.0.1");
    Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object jetty = field.get(proxy);
    Object[] connectors = (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty);
    // Refuse to start rather than listen on every interface if a new version builds its server otherwise.
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to " + host);
    for (Object connector : connectors) connector.getClass().getMethod("setHost", String.class).invoke(connector, host);
    proxy.getClass().getMethod("start").invoke(proxy);
    System.out.println("DynamoDB Local listening on " + host);
  }
}
