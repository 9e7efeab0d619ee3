import Diagnostics
import GraphQL
import IR
import Schema
import Validation

/// The IR of one connector as the pipeline builds it.
public enum ValidatedIR {
    /// Validation, then lowering, of `documents`: the IR and validation's diagnostics.
    public static func build(connector id: String, documents: [Document], schema: Schema) -> (IR, [Diagnostic]) {
        let diagnostics = Validator.validate(documents, schema: schema)
        return (IRBuilder.lower([IRBuilder.ConnectorSource(id: id, documents: documents, diagnostics: diagnostics)], schema: schema), diagnostics)
    }
}
