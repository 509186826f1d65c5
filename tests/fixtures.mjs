// Word and PDF files made on the fly for tests (with the `docx` and `pdf-lib` packages), so the
// readers are tested on real files without committing binaries.
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A .docx with one paragraph per string. */
export async function makeDocx(paragraphs) {
  const document = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return Packer.toBuffer(document);
}

/** A .pdf with the words of each paragraph wrapped into lines (Helvetica, so Latin text only). */
export async function makePdf(paragraphs) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  for (const paragraph of paragraphs) {
    let line = '';
    const flush = () => {
      if (y < 50) {
        page = pdf.addPage([595, 842]);
        y = 800;
      }
      page.drawText(line, { x: 40, y, size: 11, font });
      y -= 15;
      line = '';
    };
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (font.widthOfTextAtSize(`${line} ${word}`, 11) > 510) flush();
      line = line ? `${line} ${word}` : word;
    }
    if (line) flush();
    y -= 10;
  }
  return pdf.save();
}
