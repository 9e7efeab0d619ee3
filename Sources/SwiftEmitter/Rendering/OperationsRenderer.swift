/// `<Conn>Operations.swift`: the enum section, then one class per operation (spec §6).
enum OperationsRenderer {
    static func render(_ context: EmitterContext, userEnums: [UserEnum]) -> String {
        var writer = SwiftWriter()
        context.writePreamble(into: &writer)
        EnumRenderer.write(userEnums: userEnums, into: &writer)
        return writer.text
    }
}
