/// sdkgen's built-in prelude: the scalars, enums, directives, inputs and system types every Data
/// Connect schema starts from (newest emulator generation). Compiled in; nothing is read from disk.
public enum Prelude {
    /// A schema holding only the prelude.
    public static let schema: Schema = {
        var schema = Schema()
        for type in PreludeScalars.types + PreludeInputs.types + PreludeSystemTypes.types { schema.add(type) }
        for directive in PreludeDirectives.all { schema.add(directive) }
        return schema
    }()
}
