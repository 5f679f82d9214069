import { readFileSync } from 'node:fs';
import { openDatabase } from '@easel/data/db';
import { getPhotos } from '@easel/data/queries/listings';
import { createDatabasePhotoStore } from '../../lib/listing/photo-store';
import { addPhoto, deletePhoto } from '../../lib/listing/works';

/**
 * For upload-kill.test.ts: uploads one photo to a work again and again, as the photo route does,
 * saying on stdout where it is ("processing", "recorded"), until it is killed. A work full of
 * photos has them all deleted before the next.
 * Usage: tsx upload-process.ts <database file> <work id> <photo file>
 */
const [location, workArg, photoFile] = process.argv.slice(2);
const db = await openDatabase(location!);
const store = createDatabasePhotoStore(async () => db);
const workId = Number(workArg);
const bytes = readFileSync(photoFile!);
for (;;) {
  const photos = await getPhotos(db, workId);
  if (photos.length === 6) {
    for (const photo of photos) await deletePhoto({ db, store }, workId, photo.id, new Date().toISOString());
  }
  process.stdout.write('processing\n');
  await addPhoto({ db, store }, workId, new File([bytes], 'phone.jpg'));
  process.stdout.write('recorded\n');
}
