/// Placeholder until the command line lands.
public enum CommandLineTool {
    public static func main() {}
}
